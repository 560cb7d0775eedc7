/** Response shapes shared by api and web. Money is always a decimal string. */
import type { LevelInfo } from "./levels";

export interface CurrentUser {
  id: string;
  username: string | null;
  firstName: string | null;
  lastName: string | null;
  email: string | null;
  bio: string | null;
  profileImageUrl: string | null;
  walletAddress: string | null;
  level: number;
  experience: number;
  isAdmin: boolean;
  isBanned: boolean;
  banReason: string | null;
  createdAt: string;
  updatedAt: string;
  levelInfo: LevelInfo;
}

export interface LeaderboardEntry {
  id: string;
  username: string | null;
  firstName: string | null;
  profileImageUrl: string | null;
  level: number;
  experience: number;
  loopsCount: number;
  /** LOOP earned from sales and rewards, decimal string with 8 places. */
  totalEarned: string;
}

/** GET /api/stats/public: real figures for the landing page; zeros on an empty database. */
export interface PublicStats {
  totalUsers: number;
  totalCreators: number;
  totalLoops: number;
  /** LOOP credited to users so far (bonuses, rewards, sales), decimal string. */
  tokensEarned: string;
  leaderboard: LeaderboardEntry[];
}

export type { ErrorAnswer as ErrorBody } from "./error-codes";
