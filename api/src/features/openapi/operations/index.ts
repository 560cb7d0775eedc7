// Every feature's OpenAPI declarations, in the order of the document. A new feature adds its
// file beside these and one entry here; test/openapi.test.ts checks the list against the routes.
import type { FeatureSpec } from "../spec";
import { analyticsOperations } from "./analytics";
import { authOperations } from "./auth";
import { clientConfigOperations } from "./client-config";
import { clientErrorsOperations } from "./client-errors";
import { downloadsOperations } from "./downloads";
import { faucetOperations } from "./faucet";
import { emailChangeOperations } from "./email-change";
import { emailLoginOperations } from "./email-login";
import { genresOperations } from "./genres";
import { healthOperations } from "./health";
import { levelsOperations } from "./levels";
import { loopsOperations } from "./loops";
import { oidcOperations } from "./oidc";
import { openApiOperations } from "./openapi";
import { pageMetaOperations } from "./page-meta";
import { negotiationsOperations } from "./negotiations";
import { notificationsOperations } from "./notifications";
import { paymentsOperations } from "./payments";
import { profileOperations } from "./profile";
import { purchasesOperations } from "./purchases";
import { libraryOperations } from "./library";
import { usersOperations } from "./users";
import { licencesOperations } from "./licences";
import { ratingsOperations } from "./ratings";
import { likesOperations } from "./likes";
import { collectionsOperations } from "./collections";
import { followsOperations } from "./follows";
import { searchOperations } from "./search";
import { statsOperations } from "./stats";
import { exchangeOperations } from "./exchange";
import { tokensOperations } from "./tokens";
import { tokenOrdersOperations } from "./token-orders";
import { adminOperations } from "./admin";
import { platformSettingsOperations } from "./platform-settings";
import { walletOperations } from "./wallet";
import { withdrawalsOperations } from "./withdrawals";

export const FEATURES: readonly FeatureSpec[] = [
  healthOperations,
  clientConfigOperations,
  clientErrorsOperations,
  openApiOperations,
  authOperations,
  emailLoginOperations,
  oidcOperations,
  walletOperations,
  faucetOperations,
  genresOperations,
  loopsOperations,
  pageMetaOperations,
  ratingsOperations,
  likesOperations,
  collectionsOperations,
  downloadsOperations,
  purchasesOperations,
  licencesOperations,
  libraryOperations,
  usersOperations,
  paymentsOperations,
  negotiationsOperations,
  notificationsOperations,
  searchOperations,
  profileOperations,
  followsOperations,
  emailChangeOperations,
  statsOperations,
  exchangeOperations,
  analyticsOperations,
  tokensOperations,
  withdrawalsOperations,
  tokenOrdersOperations,
  adminOperations,
  platformSettingsOperations,
  levelsOperations,
];
