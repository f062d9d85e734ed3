/** better-auth's cookies are named `caderneta.<name>` (`__Secure-` first on HTTPS). */
export const COOKIE_PREFIX = 'caderneta';
