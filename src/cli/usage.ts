/** A command line the CLI cannot run as given: exit status 1, the message, then the usage text. */
export class UsageError extends Error {}
