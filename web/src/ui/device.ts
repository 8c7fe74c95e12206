/** A user-agent string as a person reads it: "Chrome 140 on Windows". The full string stays in the tooltip. */
export function shortDevice(ua: string | null): string {
  if (ua === null || ua.trim() === '') return '-';
  const browser =
    match(ua, /Edg(?:e|A|iOS)?\/(\d+)/, 'Edge') ??
    match(ua, /OPR\/(\d+)/, 'Opera') ??
    match(ua, /SamsungBrowser\/(\d+)/, 'Samsung Internet') ??
    match(ua, /HeadlessChrome\/(\d+)/, 'Headless Chrome') ??
    match(ua, /(?:Chrome|CriOS)\/(\d+)/, 'Chrome') ??
    match(ua, /(?:Firefox|FxiOS)\/(\d+)/, 'Firefox') ??
    match(ua, /Version\/(\d+)[\d.]* (?:Mobile\/\S+ )?Safari\//, 'Safari');
  const os = /Android/.test(ua)
    ? 'Android'
    : /iPhone|iPad|iPod/.test(ua)
      ? 'iOS'
      : /Windows/.test(ua)
        ? 'Windows'
        : /Mac OS X|Macintosh/.test(ua)
          ? 'macOS'
          : /CrOS/.test(ua)
            ? 'ChromeOS'
            : /Linux/.test(ua)
              ? 'Linux'
              : null;
  if (browser !== null) return os !== null ? `${browser} on ${os}` : browser;
  if (os !== null) return os;
  return ua.length > 32 ? `${ua.slice(0, 30)}…` : ua;
}

function match(ua: string, re: RegExp, name: string): string | null {
  const m = re.exec(ua);
  return m ? `${name} ${m[1]}` : null;
}
