import { paths } from "@loop/rules/paths";
import { Route, Routes } from "react-router";
import { JoinDialogProvider } from "@/features/auth/components/join-dialog-provider";
import { AppShell } from "./layout/app-shell";
import { lazyPage } from "./lazy-page";
import { HomeLoading } from "./routes/home-loading";
import { LoopLoading } from "./routes/loop-loading";
import { RootRoute } from "./routes/root";
import { UserProfileLoading } from "./routes/user-profile-loading";

const HomeRoute = lazyPage(() => import("./routes/home").then((m) => m.HomeRoute), HomeLoading);
const SettingsRoute = lazyPage(() => import("./routes/settings").then((m) => m.SettingsRoute));
const ProfileRoute = lazyPage(() => import("./routes/profile").then((m) => m.ProfileRoute));
const EmailConfirmRoute = lazyPage(() => import("./routes/email-confirm").then((m) => m.EmailConfirmRoute));
const UserProfileRoute = lazyPage(() => import("./routes/user-profile").then((m) => m.UserProfileRoute), UserProfileLoading);
const SearchRoute = lazyPage(() => import("./routes/search").then((m) => m.SearchRoute));
const LoginRoute = lazyPage(() => import("./routes/login").then((m) => m.LoginRoute));
const LoginConfirmRoute = lazyPage(() => import("./routes/login-confirm").then((m) => m.LoginConfirmRoute));
const TokensRoute = lazyPage(() => import("./routes/tokens").then((m) => m.TokensRoute));
const LevelRoute = lazyPage(() => import("./routes/level").then((m) => m.LevelRoute));
const NegotiationsRoute = lazyPage(() => import("./routes/negotiations").then((m) => m.NegotiationsRoute));
const LibraryRoute = lazyPage(() => import("./routes/library").then((m) => m.LibraryRoute));
const AnalyticsRoute = lazyPage(() => import("./routes/analytics").then((m) => m.AnalyticsRoute));
const AdminRoute = lazyPage(() => import("./routes/admin").then((m) => m.AdminRoute));
const CollectionRoute = lazyPage(() => import("./routes/collection").then((m) => m.CollectionRoute));
const LicenceRoute = lazyPage(() => import("./routes/licence").then((m) => m.LicenceRoute));
const LoopRoute = lazyPage(() => import("./routes/loop").then((m) => m.LoopRoute), LoopLoading);
const LicenceTermsRoute = lazyPage(() => import("./routes/licence-terms").then((m) => m.LicenceTermsRoute));
const NotFoundRoute = lazyPage(() => import("./routes/not-found").then((m) => m.NotFoundRoute));

/**
 * docs/product.md#routes routes (declarative, data-free). /admin is reachable by anyone at route level; the
 * dashboard itself shows non-admins 'Access Denied' (the API enforces admin rights). Public
 * profiles and search are open to visitors (docs/product.md#visitors); /profile asks a visitor to log in; /tokens shows a visitor a sign-in
 * prompt in place of the wallet; /negotiations, /library and /analytics show a visitor 'Sign In Required'.
 * /home/following is Home's Following tab (a visitor gets the catalog with a sign-in prompt); a public
 * collection (/collections/:id) opens for anyone with its link (docs/product.md#collections).
 */
export function AppRoutes() {
  return (
    <JoinDialogProvider>
      <Routes>
        <Route element={<AppShell />}>
          <Route path={paths.root.pattern} element={<RootRoute />} />
          <Route path={paths.home.pattern} element={<HomeRoute />} />
          <Route path={paths.homeFollowing.pattern} element={<HomeRoute tab="following" />} />
          <Route path={paths.settings.pattern} element={<SettingsRoute />} />
          <Route path={paths.profile.pattern} element={<ProfileRoute />} />
          <Route path={paths.emailConfirm.pattern} element={<EmailConfirmRoute />} />
          <Route path={paths.userProfile.pattern} element={<UserProfileRoute />} />
          <Route path={paths.search.pattern} element={<SearchRoute />} />
          <Route path={paths.tokens.pattern} element={<TokensRoute />} />
          <Route path={paths.login.pattern} element={<LoginRoute />} />
          <Route path={paths.loginConfirm.pattern} element={<LoginConfirmRoute />} />
          <Route path={paths.level.pattern} element={<LevelRoute />} />
          <Route path={paths.negotiations.pattern} element={<NegotiationsRoute />} />
          <Route path={paths.library.pattern} element={<LibraryRoute />} />
          <Route path={paths.analytics.pattern} element={<AnalyticsRoute />} />
          <Route path={paths.admin.pattern} element={<AdminRoute />} />
          <Route path={paths.collection.pattern} element={<CollectionRoute />} />
          <Route path={paths.licence.pattern} element={<LicenceRoute />} />
          <Route path={paths.loop.pattern} element={<LoopRoute />} />
          <Route path={paths.licenceTerms.pattern} element={<LicenceTermsRoute />} />
          <Route path="*" element={<NotFoundRoute />} />
        </Route>
      </Routes>
    </JoinDialogProvider>
  );
}
