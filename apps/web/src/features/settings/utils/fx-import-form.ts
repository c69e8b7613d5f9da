import { z } from 'zod';
import { fxImportBody, type FxImportFormat } from '@preciofab/shared/contracts/fx-rates';
import { renameServerFields } from '../../../components/form/rename-server-fields.ts';
import { readImportFile, type ImportFileProblem } from './fx-import.ts';

/** Why a chosen file cannot be sent, or that none was. */
export type FileProblem = ImportFileProblem | 'no_file';
const FILE_PROBLEMS: readonly string[] = [
  'no_file',
  'empty',
  'too_large',
  'unreadable',
] satisfies FileProblem[];
export const isFileProblem = (message: string | undefined): message is FileProblem =>
  message !== undefined && FILE_PROBLEMS.includes(message);

export type FxImportFormValues = { file: File | null; format: FxImportFormat };
export const FX_IMPORT_DEFAULTS: FxImportFormValues = { file: null, format: 'auto' };

/** The import body: the chosen file read into its text (refused with its problem as the message,
 * which the form says from the console's catalogue) and the contract's format. */
export const fxImportFormSchema = z
  .object({
    file: z.custom<File | null>().transform(async (file, ctx) => {
      const read = file ? await readImportFile(file) : { ok: false as const, problem: 'no_file' as const };
      if (read.ok) return read.content;
      ctx.addIssue({ code: 'custom', message: read.problem });
      return z.NEVER;
    }),
    format: fxImportBody.shape.format,
  })
  .transform(({ file, format }) => ({ format, content: file }));

/** The server names the file's text `content`: its errors show under the file. */
export const fxImportServerError = (error: unknown): unknown =>
  renameServerFields(error, (field) => (field === 'content' ? 'file' : null));
