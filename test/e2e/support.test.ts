import { checkBinaries } from './support';

describe('end-to-end tests and the machine’s binaries', () => {
  const none = () => undefined;
  it('run when every binary is there', () => {
    expect(checkBinaries(['chromium', 'pdftotext'], false, (b) => `/usr/bin/${b}`)).toEqual({ kind: 'run', paths: { chromium: '/usr/bin/chromium', pdftotext: '/usr/bin/pdftotext' } });
  });
  it('skip elsewhere, saying which packages to install', () => {
    const c = checkBinaries(['libreoffice', 'pdftotext', 'pdftoppm'], false, none);
    expect(c).toEqual({
      kind: 'skip',
      missing: ['libreoffice', 'pdftotext', 'pdftoppm'],
      message: 'libreoffice, pdftotext, pdftoppm not installed: run scripts/system-deps.sh (apt-get install --no-install-recommends libreoffice-calc poppler-utils)',
    });
  });
  it('fail under CI', () => {
    expect(checkBinaries(['chromium'], true, none).kind).toBe('fail');
  });
});
