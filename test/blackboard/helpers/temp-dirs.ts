/**
 * Temporary folders a test file makes, removed after its last test (call
 * `useTempDirs()` at the top level of the file).
 *
 * @example
 * const tempDir = useTempDirs();
 * const dir = tempDir("bb-journal-"); // /tmp/bb-journal-XXXXXX, gone after the file's tests
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll } from "vitest";

export function useTempDirs(): (prefix: string) => string {
  const made: string[] = [];
  afterAll(() => {
    for (const dir of made.splice(0)) rmSync(dir, { recursive: true, force: true });
  });
  return (prefix) => {
    const dir = mkdtempSync(path.join(tmpdir(), prefix));
    made.push(dir);
    return dir;
  };
}
