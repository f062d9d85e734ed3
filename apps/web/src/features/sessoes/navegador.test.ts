import { describe, expect, it } from 'vitest';
import { lerDispositivo } from './navegador';

describe('lerDispositivo', () => {
  it.each([
    ['Mozilla/5.0 (Linux; Android 14; SM-A546E) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Mobile Safari/537.36', 'Chrome', 'Android'],
    ['Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1', 'Safari', 'iPhone'],
    ['Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Safari/537.36 Edg/126.0.0.0', 'Edge', 'Windows'],
    ['Mozilla/5.0 (Macintosh; Intel Mac OS X 10.15; rv:127.0) Gecko/20100101 Firefox/127.0', 'Firefox', 'macOS'],
    ['Mozilla/5.0 (Linux; Android 13; SAMSUNG SM-A235M) AppleWebKit/537.36 (KHTML, like Gecko) SamsungBrowser/25.0 Chrome/121.0.0.0 Mobile Safari/537.36', 'Samsung Internet', 'Android'],
    ['Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Safari/537.36 OPR/111.0.0.0', 'Opera', 'Linux'],
  ])('%s', (userAgent, navegador, sistema) => {
    expect(lerDispositivo(userAgent)).toEqual({ navegador, sistema });
  });

  it('knows nothing of an agent it cannot read, or none', () => {
    expect(lerDispositivo('curl/8.5.0')).toEqual({ navegador: null, sistema: null });
    expect(lerDispositivo(null)).toEqual({ navegador: null, sistema: null });
  });
});
