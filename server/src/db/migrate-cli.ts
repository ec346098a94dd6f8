// The entry `npm run db:migrate` names (server/package.json): the command itself is startup orchestration
// (startup/migrate-cli.ts). Only this file of db/ may import outside db/ (server/biome.json).
import '../startup/migrate-cli.ts';
