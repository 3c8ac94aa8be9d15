/** Where the fake's lines go: `info` for the ready line and news, `error` for mistakes. */
export interface Log {
  info(line: string): void
  error(line: string): void
}
