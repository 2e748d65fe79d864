import {
  libraryAdd,
  libraryImport,
  libraryList,
  libraryPreview,
  libraryRemove,
  OperatorErrCode,
} from '@ottkit/api-client/contract';
import { startLibraryImport } from '../../library/importJob.ts';
import { entryTitle, planLibrary } from '../../library/importLibrary.ts';
import {
  addLibrary,
  LibraryError,
  listLibraries,
  namedLibrary,
  readLibrary,
  removeLibrary,
} from '../../library/libraries.ts';
import { type LibraryEntry, LibraryFolderError, libraryFolder } from '../../library/scan.ts';
import { SourceError } from '../../upstream/fetch.ts';
import { maskSecrets } from '../../upstream/maskSecrets.ts';
import { resizeImage } from '../../media/resizeImage.ts';
import { transcodeTitle } from '../../media/transcode.ts';
import { HttpError, type RequestContext, route } from '../route.ts';
import { actorFor } from './operator.ts';

/** The library domain's refusals become the envelope's, in its words. */
async function answering<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (e) {
    if (e instanceof LibraryError) {
      const code = e.kind === 'exists' ? OperatorErrCode.LIBRARY_EXISTS : OperatorErrCode.NOT_FOUND;
      throw new HttpError(code, e.message);
    }
    if (e instanceof LibraryFolderError) throw new HttpError(OperatorErrCode.LIBRARY_FOLDER, e.message);
    // A feed that cannot be read (decision 0435), in words, its URL's secrets masked.
    if (e instanceof SourceError) throw new HttpError(OperatorErrCode.SOURCE_FAILED, maskSecrets(e.message));
    throw e;
  }
}

/** An entry as the preview lists it. */
const entry = (e: LibraryEntry) => ({
  path: e.path,
  title: entryTitle(e),
  from: e.from,
  audioLanguages: e.audioLanguages,
});

const roots = (ctx: RequestContext) => ctx.config.libraryRoots;

/** Issue 42's film libraries over operator calls (the editor's), on the command line's domain code. */
export const operatorLibraryRoutes = [
  route(libraryList, async (ctx) => ({ libraries: await listLibraries(ctx.db) })),
  route(libraryAdd, (ctx, req) =>
    answering(async () => ({
      library: await addLibrary(ctx.db, req, roots(ctx), actorFor(ctx), ctx.now()),
    })),
  ),
  route(libraryRemove, (ctx, req) =>
    answering(async () => {
      await removeLibrary(ctx.db, req.name, actorFor(ctx), ctx.now());
      return { name: req.name };
    }),
  ),
  route(libraryPreview, (ctx, req) =>
    answering(async () => {
      const read = await readLibrary(ctx.db, req.name, roots(ctx));
      const plan = await planLibrary(ctx.db, read.key, read.scan);
      return {
        added: plan.added.map(entry),
        changed: plan.changed.map(entry),
        removed: plan.removed.map((r) => ({ path: r.path })),
        unreadable: plan.unreadable,
        unchanged: plan.unchanged,
        truncated: plan.truncated ?? '',
      };
    }),
  ),
  route(libraryImport, (ctx, req) =>
    answering(async () => {
      const library = await namedLibrary(ctx.db, req.name);
      // Refused now, in words, rather than as a failed job: the folder left the allowed ones since it was added.
      if (library.folder) libraryFolder(library.folder, roots(ctx));
      // The route wires the ffmpeg transcode into the operator's jobs (decision 0369).
      const run = {
        dataDir: ctx.config.dataDir,
        actor: actorFor(ctx),
        transcodeTitle,
        resizeImage,
        now: ctx.now,
      };
      return { job: await startLibraryImport(ctx.db, library.name, roots(ctx), run) };
    }),
  ),
];
