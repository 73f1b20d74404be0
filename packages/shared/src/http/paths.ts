/** Every API route is under this path. A module of its own: the web app's entry needs it alone. */
export const API_BASE_PATH = '/api/v1';
