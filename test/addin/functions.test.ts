/// <reference types="custom-functions-runtime" />
/**
 * The custom functions as Excel calls them (values as 2-D arrays, blanks as null, the grid's address in the
 * invocation), their errors as #VALUE! with the message naming the cell, and their metadata (functions.json) as the
 * webpack plugin generates it from the JSDoc.
 */
import { CustomFunctionError } from './customFunctionsRuntime';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { TENGEN_VERSION } from '../../src/model/version';
import { generateCustomFunctionsMetadata } from 'custom-functions-metadata';
import * as GO from '../../functions/functions';
import { computeStandings } from '../../src/scoring/standings';
import { toNumber } from '../../src/model/fraction';
import type { CellValue } from '../../src/workbook/adapters/adapter';
import { gridCells, gridLayout, readGrid, valuesOf } from '../../src/workbook/sheets/grid';
import { settingsCells } from '../../src/workbook/sheets/settingsSheet';
import { example, value } from '../workbook/fixtures';

const FUNCTIONS = path.join(__dirname, '..', '..', 'functions', 'functions.ts');
const EXPECTED = ['MMS', 'NBW', 'SOS', 'SOSM1', 'SOSM2', 'SODOS', 'SOSOS', 'CUSS', 'CUSP', 'DIRECTCOMPARE', 'PLACE', 'SONNEBORN', 'CZECHPLACE', 'STANDINGS', 'HANDICAP', 'VERSION', 'RRPOINTS', 'RRPLACE'];

interface Metadata {
  functions: {
    id: string;
    name: string;
    description: string;
    helpUrl: string;
    parameters: { name: string; description: string; type: string; dimensionality?: string; optional?: boolean }[];
    result: { type?: string; dimensionality?: string };
    options?: { requiresParameterAddresses?: boolean };
  }[];
}

/** Whether a name is also a cell reference in A1 style (column A…XFD, row 1…1048576) or R1C1 style. */
function looksLikeCell(name: string): boolean {
  const a1 = /^([A-Z]{1,3})(\d+)$/i.exec(name);
  if (a1) {
    const column = [...a1[1].toUpperCase()].reduce((n, ch) => n * 26 + ch.charCodeAt(0) - 64, 0);
    const row = Number(a1[2]);
    if (column <= 16384 && row >= 1 && row <= 1048576) return true;
  }
  const r1c1 = /^R(\d*)C(\d*)$/i.exec(name);
  if (r1c1) {
    const row = r1c1[1] === '' ? 1 : Number(r1c1[1]);
    const column = r1c1[2] === '' ? 1 : Number(r1c1[2]);
    return row >= 1 && row <= 1048576 && column >= 1 && column <= 16384;
  }
  return false;
}

describe('functions.json (generated from the JSDoc by custom-functions-metadata, as the webpack plugin does)', () => {
  let metadata: Metadata;
  beforeAll(async () => {
    const generated = await generateCustomFunctionsMetadata(FUNCTIONS, false);
    expect(generated.errors).toEqual([]);
    metadata = JSON.parse(generated.metadataJson) as Metadata;
  });

  test('GO.VERSION answers the version in package.json (the live spills probe it)', () => {
    const pkg = JSON.parse(fs.readFileSync(path.join(__dirname, '..', '..', 'package.json'), 'utf8')) as { version: string };
    expect(TENGEN_VERSION).toBe(pkg.version);
    expect(GO.version()).toBe(pkg.version);
    expect(metadata.functions.find((f) => f.id === 'VERSION')!.parameters).toEqual([]);
  });

  test('lists every GO function, each with a description, help URL and documented parameters', () => {
    expect(metadata.functions.map((f) => f.id)).toEqual(EXPECTED);
    for (const f of metadata.functions) {
      expect(f.name).toBe(f.id);
      expect(f.description.length).toBeGreaterThan(20);
      expect(f.helpUrl).toMatch(/^https:\/\/localhost:3000\//);
      for (const p of f.parameters) expect(p.description.length).toBeGreaterThan(5);
    }
  });

  test('grid functions take the grid and IDs as ranges, return a spilling matrix and ask for the grid address', () => {
    const gridFunctions = metadata.functions.filter((f) => !['HANDICAP', 'VERSION', 'RRPOINTS', 'RRPLACE'].includes(f.id));
    for (const f of gridFunctions) {
      expect(f.parameters[0]).toMatchObject({ name: 'grid', dimensionality: 'matrix' });
      expect(f.result.dimensionality).toBe('matrix');
      expect(f.options?.requiresParameterAddresses).toBe(true);
      expect(f.parameters.find((p) => p.name === 'invocation')).toBeUndefined();
      if (f.id !== 'STANDINGS') expect(f.parameters[1]).toMatchObject({ name: 'id', dimensionality: 'matrix' });
    }
    const round = metadata.functions.find((f) => f.id === 'SOS')!.parameters[2];
    expect(round).toMatchObject({ name: 'round', type: 'number', optional: true });
    expect(metadata.functions.find((f) => f.id === 'STANDINGS')!.parameters.map((p) => [p.name, p.optional ?? false])).toEqual([
      ['grid', false],
      ['ruleset', true],
      ['criteria', true],
      ['round', true],
      ['settings', true],
    ]);
    for (const f of gridFunctions) {
      expect(f.parameters[f.parameters.length - 1]).toMatchObject({ name: 'settings', dimensionality: 'matrix', optional: true });
    }
    // The cross-table's functions take the square of result cells, and answer a column.
    const rrpoints = metadata.functions.find((x) => x.id === 'RRPOINTS')!;
    expect(rrpoints.parameters).toEqual([expect.objectContaining({ name: 'results', dimensionality: 'matrix' })]);
    expect(rrpoints.options?.requiresParameterAddresses).toBe(true);
    const rrplace = metadata.functions.find((x) => x.id === 'RRPLACE')!;
    expect(rrplace.parameters.map((p) => [p.name, p.dimensionality])).toEqual([['points', 'matrix'], ['allPoints', 'matrix']]);
    for (const f of [rrpoints, rrplace]) expect(f.result.dimensionality).toBe('matrix');
  });

  test('no function name looks like a cell (A1 up to XFD1048576, or R1C1) and every name follows the naming rules', () => {
    // Microsoft Learn, "Naming guidelines for custom functions in Excel": names must not be the same as any cell
    // between A1 and XFD1048576 or between R1C1 and R1048576C16384; they start with a letter, at least 3 characters.
    expect(looksLikeCell('SOS1')).toBe(true); // the reason SOS1 and SOS2 became SOSM1 and SOSM2
    expect(looksLikeCell('XFD1048576')).toBe(true);
    expect(looksLikeCell('R1C1')).toBe(true);
    expect(looksLikeCell('XFE1')).toBe(false);
    expect(looksLikeCell('SOSM1')).toBe(false);
    for (const f of metadata.functions) {
      expect([f.name, looksLikeCell(f.name)]).toEqual([f.name, false]);
      expect(f.id).toMatch(/^[A-Z][A-Z0-9_.]{2,}$/);
    }
  });

  test('every exported wrapper has metadata', () => {
    expect(Object.keys(GO).map((k) => k.toUpperCase()).sort()).toEqual([...EXPECTED].sort());
  });
});

describe('the wrappers, called the way Excel calls them', () => {
  const t = example();
  const grid: CellValue[][] = valuesOf(gridCells(t));
  // Excel gives empty cells as ''.
  const excelGrid = grid.map((row) => row.map((v) => (v === null ? '' : v)));
  const at = { parameterAddresses: ['Grid!A1:AZ400'] } as CustomFunctions.Invocation;
  const held = computeStandings(value(readGrid(grid)));
  const entry = (id: number) => held.entries.find((e) => e.player.id === id)!;

  test('per-player functions: one ID gives a 1×1 answer, an ID column spills', () => {
    expect(GO.sos(excelGrid, [[3]], undefined, undefined, at)).toEqual([[toNumber(entry(3).values.sos)]]);
    expect(GO.mms(excelGrid, [[1], [2], ['']], null as unknown as undefined, undefined, at)).toEqual([[toNumber(entry(1).values.mms)], [toNumber(entry(2).values.mms)], ['']]);
    expect(GO.place(excelGrid, [[5]], undefined, undefined, at)).toEqual([[entry(5).place]]);
    expect(GO.directCompare(excelGrid, [[5]], undefined, undefined, at)).toEqual([[toNumber(entry(5).values.dc)]]);
    expect(GO.nbw(excelGrid, [[4]], 2, undefined, at)).toEqual([[toNumber(computeStandings(value(readGrid(grid)), { asOf: 2 }).entries.find((e) => e.player.id === 4)!.values.nbw)]]);
    for (const f of [GO.sosm1, GO.sosm2, GO.sodos, GO.sosos, GO.cuss, GO.cusp]) expect(typeof f(excelGrid, [[1]], undefined, undefined, at)[0][0]).toBe('number');
  });

  test('STANDINGS spills the table; HANDICAP answers a number', () => {
    const table = GO.standings(excelGrid, undefined, '', undefined, undefined, at);
    expect(table).toHaveLength(t.players.length + 1);
    expect(table.slice(1).map((r) => r[1])).toEqual(held.entries.map((e) => e.player.id));
    expect(GO.handicap('3k', '1d', '')).toBe(2);
  });

  test('errors become #VALUE! with the message naming the cell', () => {
    const bad = excelGrid.map((row) => [...row]);
    const layout = gridLayout(t.settings.rounds, t.players.length);
    bad[layout.playerRow(1) - 1][3] = '5x';
    let thrown: unknown;
    try {
      GO.sos(bad, [[1]], undefined, undefined, { parameterAddresses: ['Tournoi!A1:AZ400'] } as CustomFunctions.Invocation);
    } catch (error) {
      thrown = error;
    }
    expect(thrown).toBeInstanceOf(CustomFunctionError);
    expect((thrown as CustomFunctionError).code).toBe('#VALUE!');
    expect((thrown as CustomFunctionError).message).toMatch(new RegExp(`^Tournoi!D${layout.playerRow(1)}: player 2: "5x" is not a rank; expected a rank such as 15k, 5d or 1p`));
    expect(() => GO.sos(excelGrid, [[99]], undefined, undefined, at)).toThrow('id: no player has ID 99 on this grid');
    expect(() => GO.standings(excelGrid, 'fide', undefined, undefined, undefined, at)).toThrow('ruleset: "fide" is not a ruleset; expected one of egf, bga, aqjg, opengotha');
    expect(() => GO.handicap('3k', 'pro', undefined)).toThrow(CustomFunctionError);
  });

  test('the Settings range: its placement order counts, its errors name its cells', () => {
    const settings = settingsCells({ ...t.settings, tiebreaks: ['nbw', 'sodos', 'sos'] });
    const withSettings = { parameterAddresses: ['Grid!A1:AZ400', 'A2:A14', '', 'Settings!A1:B12'] } as CustomFunctions.Invocation;
    const ordered = computeStandings(value(readGrid(grid)), { tiebreaks: ['nbw', 'sodos', 'sos'] });
    const ids = [...t.players].map((p) => [p.id]);
    expect(GO.place(excelGrid, ids, undefined, settings, withSettings)).toEqual(ids.map(([id]) => [ordered.entries.find((e) => e.player.id === id)!.place]));
    const bad = settings.map((row) => [...row]);
    const row = bad.findIndex((r) => r[0] === 'Tie-breakers');
    bad[row][1] = 'nbw, sauce';
    expect(() => GO.place(excelGrid, ids, undefined, bad, withSettings)).toThrow(`Settings!B${row + 1}: "sauce" is not a criterion`);
    // A blank Settings argument is the grid alone.
    expect(GO.place(excelGrid, [[1]], undefined, [['']], at)).toEqual([[entry(1).place]]);
  });

  test('several grid errors: the first, and how many more', () => {
    const bad = excelGrid.map((row) => [...row]);
    const layout = gridLayout(t.settings.rounds, t.players.length);
    bad[layout.playerRow(0) - 1][3] = 'x';
    bad[layout.playerRow(1) - 1][3] = 'y';
    expect(() => GO.sos(bad, [[1]], undefined, undefined, at)).toThrow(/^Grid!D\d+: player 1: "x" is not a rank.*\(and 1 more\)$/);
  });
});
