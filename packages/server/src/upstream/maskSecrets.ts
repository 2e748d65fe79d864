/**
 * The one rule for secrets in source URLs (issue 35): wherever a source URL leaves the server (answers, logs,
 * the audit log, jobs), its secrets are replaced by `***`. Works on any text, so an error message or a JSON
 * document holding URLs is masked whole:
 *
 * - the password of `scheme://user:password@host`;
 * - query values of `password=`, `passwd=`, `pass=`, `pwd=`, `token=`, `passphrase=` (SRT) and `key=`;
 * - the password of an Xtream stream path, `/live/USER/PASSWORD/ID.m3u8` (also movie, series, timeshift); other
 *   paths under `/live/` (`/live/news/720p/index.m3u8`) are left as they are.
 *
 * The patterns stop at quotes and backslashes, so masking a JSON text leaves it well formed (the audit log).
 *
 * @example maskSecrets('srt://h:9000?passphrase=s3cret') // 'srt://h:9000?passphrase=***'
 */
export function maskSecrets(text: string): string {
  return text
    .replace(/(\b[a-z][a-z0-9+.-]*:\/\/[^\s/?#@:"'<>\\]*):[^\s/?#@"'<>\\]*@/gi, '$1:***@')
    .replace(/([?&;](?:password|passwd|pass|pwd|token|passphrase|key)=)[^&#\s"'<>\\]*/gi, '$1***')
    .replace(/(\/(?:live|movie|series)\/[^/\s"'<>?#\\]+\/)[^/\s"'<>?#\\]+(?=\/\d+\.[a-z0-9]+\b)/gi, '$1***')
    .replace(/(\/timeshift\/[^/\s"'<>?#\\]+\/)[^/\s"'<>?#\\]+(?=\/\d+\/)/gi, '$1***');
}
