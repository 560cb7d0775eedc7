import { paths } from "@loop/rules/paths";
import { lazy } from "react";
import { Route, Routes } from "react-router";
import { JoinDialogProvider } from "@/features/auth/components/join-dialog-provider";
import { AppShell } from "./layout/app-shell";
import { RootRoute } from "./routes/root";

const HomeRoute = lazy(() => import("./routes/home").then((m) => ({ default: m.HomeRoute })));
const SettingsRoute = lazy(() => import("./routes/settings").then((m) => ({ default: m.SettingsRoute })));
const ProfileRoute = lazy(() => import("./routes/profile").then((m) => ({ default: m.ProfileRoute })));
const EmailConfirmRoute = lazy(() => import("./routes/email-confirm").then((m) => ({ default: m.EmailConfirmRoute })));
const UserProfileRoute = lazy(() => import("./routes/user-profile").then((m) => ({ default: m.UserProfileRoute })));
const SearchRoute = lazy(() => import("./routes/search").then((m) => ({ default: m.SearchRoute })));
const LoginRoute = lazy(() => import("./routes/login").then((m) => ({ default: m.LoginRoute })));
const LoginConfirmRoute = lazy(() => import("./routes/login-confirm").then((m) => ({ default: m.LoginConfirmRoute })));
const TokensRoute = lazy(() => import("./routes/tokens").then((m) => ({ default: m.TokensRoute })));
const LevelRoute = lazy(() => import("./routes/level").then((m) => ({ default: m.LevelRoute })));
const NegotiationsRoute = lazy(() => import("./routes/negotiations").then((m) => ({ default: m.NegotiationsRoute })));
const LibraryRoute = lazy(() => import("./routes/library").then((m) => ({ default: m.LibraryRoute })));
const AnalyticsRoute = lazy(() => import("./routes/analytics").then((m) => ({ default: m.AnalyticsRoute })));
const AdminRoute = lazy(() => import("./routes/admin").then((m) => ({ default: m.AdminRoute })));
const CollectionRoute = lazy(() => import("./routes/collection").then((m) => ({ default: m.CollectionRoute })));
const LicenceRoute = lazy(() => import("./routes/licence").then((m) => ({ default: m.LicenceRoute })));
const LoopRoute = lazy(() => import("./routes/loop").then((m) => ({ default: m.LoopRoute })));
const LicenceTermsRoute = lazy(() => import("./routes/licence-terms").then((m) => ({ default: m.LicenceTermsRoute })));
const NotFoundRoute = lazy(() => import("./routes/not-found").then((m) => ({ default: m.NotFoundRoute })));

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
