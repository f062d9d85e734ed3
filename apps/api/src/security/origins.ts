/**
 * The origins the app's pages are served from: PUBLIC_URL's and TRUSTED_ORIGINS. The same
 * machine is reachable as localhost and 127.0.0.1, so each of those brings its twin.
 */
export function allowedOrigins(publicUrl: string, trustedOrigins: readonly string[]): string[] {
  const origins = new Set<string>();
  for (const value of [publicUrl, ...trustedOrigins]) {
    let origin: string;
    try {
      origin = new URL(value).origin;
    } catch {
      throw new Error(`Not a URL in PUBLIC_URL or TRUSTED_ORIGINS: "${value}"`);
    }
    origins.add(origin);
    if (origin.includes('//localhost')) origins.add(origin.replace('//localhost', '//127.0.0.1'));
    if (origin.includes('//127.0.0.1')) origins.add(origin.replace('//127.0.0.1', '//localhost'));
  }
  return [...origins];
}
