import { conformanceRows, formatTable } from '../support/opengothaConformance';
test('table', () => {
  console.log(formatTable(conformanceRows()));
}, 600000);
