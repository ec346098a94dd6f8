/** The repository root. */
export declare const PROJECT_ROOT: string;

/**
 * A copy of the project's sources in a new temporary folder (node_modules linked to the real ones, @jz to the copy's
 * own workspaces); returns its path. The caller deletes it.
 */
export declare function copyProject(options?: { root?: string; prefix?: string }): string;
