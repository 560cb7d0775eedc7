import { LoginConfirmPage } from "@/features/auth/components/login-confirm-page";

export function LoginConfirmRoute() {
  return <LoginConfirmPage />;
}
