import { chooseHost } from '../../taskpane/host';

describe('which workbook the pane works on', () => {
  it('is the open workbook only when Office.onReady says the host is Excel', () => {
    expect(chooseHost('Excel')).toBe('excel');
    expect(chooseHost('Word')).toBe('standalone');
    expect(chooseHost(null)).toBe('standalone');
    expect(chooseHost(undefined)).toBe('standalone');
  });
});
