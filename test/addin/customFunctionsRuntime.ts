/**
 * The part of Excel's custom-functions runtime the wrappers use (`CustomFunctions.Error`, `ErrorCode`), installed as
 * a global before `functions/functions.ts` is imported. Import this module first.
 */
class CustomFunctionError extends Error {
  constructor(
    readonly code: string,
    message?: string,
  ) {
    super(message);
    this.name = 'CustomFunctions.Error';
  }
}

const runtime = { Error: CustomFunctionError, ErrorCode: { invalidValue: '#VALUE!', notAvailable: '#N/A' } };
(globalThis as unknown as { CustomFunctions: typeof runtime }).CustomFunctions = runtime;

export { CustomFunctionError };
