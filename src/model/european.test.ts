import { isEuropean } from './european';

describe('isEuropean (seeds/egc-championship-rules.txt, "Definition of "European"")', () => {
  it('reads the country code: in or partly in Europe, EU members, EGF members, the North Atlantic islands', () => {
    for (const country of ['FR', 'de', 'GB', 'UK', 'RU', 'TR', 'CY', 'IL', 'IS', 'FO', 'GL', ' ua ']) expect(isEuropean({ country })).toBe(true);
    for (const country of ['KR', 'CN', 'JP', 'US', 'BR', 'TW']) expect(isEuropean({ country })).toBe(false);
    expect(isEuropean({})).toBe(false);
  });

  it("the player's own flag decides (residence, citizenship the country code does not show)", () => {
    expect(isEuropean({ country: 'JP', european: true })).toBe(true);
    expect(isEuropean({ country: 'FR', european: false })).toBe(false);
  });
});
