/** The CLI run in-process, as the tests call it: exit code and everything it printed. */
import { main } from '../../src/cli/main';

export async function cli(args: string[]): Promise<{ code: number; out: string; err: string }> {
  let out = '';
  let err = '';
  const code = await main(args, { out: (s) => (out += s), err: (s) => (err += s) });
  return { code, out, err };
}
