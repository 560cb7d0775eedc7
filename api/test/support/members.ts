// A member signed in with a new wallet (Sign-In with Ethereum), as the browser would be: the agent keeps the session cookie.
import { newAccount, walletSignIn } from "./siwe";
import { browser, type TestApp } from "./test-app";

/** `email`: set on the account afterwards (wallet sign-in makes accounts without one). */
export async function signInMember(t: TestApp, email?: string) {
  const agent = browser(t.app);
  const response = await walletSignIn(agent, newAccount());
  if (response.status !== 200) throw new Error(`sign-in failed: ${response.status} ${JSON.stringify(response.body)}`);
  const id = response.body.id as string;
  if (email) await t.db.prisma.user.update({ where: { id }, data: { email } });
  return { browser: agent, id };
}
