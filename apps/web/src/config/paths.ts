/**
 * Every route of the web app and its href builder (SPEC.md section 2), kept in packages/shared so the server links
 * to and recognises the same pages. Components link with `paths.x.href(...)`; the router mounts `paths.x.path`.
 */
export { webPaths as paths } from '@knotwork/shared/constants/web-paths';
