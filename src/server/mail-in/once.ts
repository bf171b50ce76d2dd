/**
 * One mail handled by a process of its own (`tessera mail-in`, an MTA's pipe): open the store, play
 * the mail, write its reply to the outbox, then send what is due (the reply, and the notices the
 * moves left) in one round of the mailer, and close. A running server would send them too. An
 * `analyse` runs here, on one worker thread: answered in the reply if done within the command's
 * wait, and otherwise finished and kept before the process ends, for the same command sent again.
 */
import { openStore, type Store } from '../../store/index.ts';
import { createAnalyses } from '../analysis/index.ts';
import type { ServerConfig } from '../config/index.ts';
import { createMail, mailSettings, mailSettingsFromEnv } from '../mail-out/index.ts';
import { createService } from '../service/index.ts';
import { servedGames } from '../workers/index.ts';
import { createMailIn } from './handle.ts';
import { type MailOutcome, mailInLimits } from './outcome.ts';

/** The store could not be opened or failed mid-way: the mail should be delivered again later. */
export class StoreUnavailable extends Error {}

export async function mailInOnce(config: ServerConfig, raw: Buffer): Promise<MailOutcome> {
  let store: Store;
  try {
    store = await openStore({
      dataDir: config.dataDir,
      sqliteSync: config.sqliteSync,
      ...(config.databaseUrl ? { databaseUrl: config.databaseUrl } : {}),
      ...(config.pgSchema ? { pgSchema: config.pgSchema } : {}),
    });
  } catch (error) {
    throw new StoreUnavailable((error as Error).message);
  }
  const { games, module } = await servedGames();
  const botGames = new Set(
    Object.values(games)
      .filter((g) => g.ai !== undefined)
      .map((g) => g.id),
  );
  const service = createService({ store, games, gamesModule: module, botGames });
  const analyses = createAnalyses({ store, games, gamesModule: module, threads: 1 });
  const env = config.mail ?? mailSettingsFromEnv({});
  try {
    const mail = await createMail({
      store,
      service,
      settings: mailSettings(env, config.dataDir, config.port),
    });
    const mailIn = createMailIn({
      store,
      service,
      games,
      botGames,
      from: env.from,
      mail: mail.account,
      limits: mailInLimits(config),
      analyses,
    });
    const outcome = await mailIn.handle(raw).catch((error: unknown) => {
      throw new StoreUnavailable((error as Error).message);
    });
    // A relay that is down only delays the reply: it stays in the outbox for the server's mailer.
    await mail.mailer.runOnce().catch(() => undefined);
    await mail.mailer.close();
    return outcome;
  } finally {
    await analyses.close({ finish: true });
    await service.close();
    await store.close();
  }
}
