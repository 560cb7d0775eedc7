/** Full-page navigations (the API's /api/login and /api/logout page, reload to / after sign-in and logout). */
export function fullPageNavigate(url: string): void {
  window.location.assign(url);
}

export const LOGIN_URL = "/api/login";
export const LOGOUT_URL = "/api/logout";
