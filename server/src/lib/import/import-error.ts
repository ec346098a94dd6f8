/** A file the import cannot read at all (not an xlsx, a limit passed, no data sheet, a header missing): 2001. */
export class ImportFileError extends Error {}
