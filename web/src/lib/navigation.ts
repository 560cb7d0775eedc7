/** Full-page navigations (the API's /api/login and /api/logout, reload to / after wallet sign-in). */
export function fullPageNavigate(url: string): void {
  window.location.assign(url);
}

export const LOGIN_URL = "/api/login";
export const LOGOUT_URL = "/api/logout";
