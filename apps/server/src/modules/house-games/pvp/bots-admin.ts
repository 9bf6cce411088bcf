import { formatMinorUnits } from '@wps/contracts/money';
import type { PvpBotsOverview } from '@wps/contracts/pvp-bots';
import type { Database } from '../../../db/database';
import { AppError } from '../../../http/app-error';
import { type AuditActor, recordAuditEvent } from '../../audit/audit.service';
import type { LedgerService } from '../../wallet/ledger.service';
import { botsAccount } from './bots-players';
import * as botsRepository from './bots.repository';
import type { PvpBrand } from './pvp-context';
import { holdemGameCode } from './pvp-game';
import { roomDefinitions } from './pvp-rooms';

/** The rooms bots can play: hold'em's (bots-strategy.ts plays no other game). */
const botRooms = () => roomDefinitions.filter((room) => room.code.startsWith(`${holdemGameCode}-`));

/**
 * The operator's side of the house bots (bots-driver.ts): each hold'em room's switch for the brand, with who
 * sits at its table in the brand's currency, and the house's result from its bots in the ledger. A change is
 * audited in its transaction; the hand driver applies it at its next tick (a bot in a hand finishes it first).
 */
export const createPvpBotsService = ({
  db,
  ledger,
  clock = Date.now,
}: {
  db: Database;
  ledger: LedgerService;
  clock?: () => number;
}) => {
  const overview = async (brand: PvpBrand): Promise<PvpBotsOverview> => {
    const switches = await botsRepository.listBotRooms(db, brand.id);
    const seating = await botsRepository.listTableSeating(db, brand.id, brand.currency);
    const exponent = await ledger.getCurrencyExponent(brand.currency);
    const account = await botsAccount({ ledger }, brand.id, brand.currency, db);
    const balance = await ledger.getBalance(account.id);
    const chips = await botsRepository.botChipsAtTables(db, brand.id, brand.currency);
    const format = (amount: bigint) => formatMinorUnits(amount, exponent);
    return {
      currency: brand.currency,
      rooms: botRooms().map((room) => {
        const table = seating.find((row) => row.room_code === room.code);
        return {
          roomCode: room.code,
          name: room.name,
          level: room.level,
          seats: room.seats,
          isEnabled: switches.find((row) => row.roomCode === room.code)?.isEnabled ?? false,
          botsSeated: table?.bots ?? 0,
          membersSeated: table?.members ?? 0,
        };
      }),
      accountBalance: format(balance),
      chipsAtTables: format(chips),
      result: format(balance + chips),
    };
  };

  return {
    overview,
    /** Switches bots on or off for one hold'em room of the brand (audited). */
    setRoom: async (
      actor: AuditActor,
      brand: PvpBrand,
      roomCode: string,
      isEnabled: boolean,
    ): Promise<PvpBotsOverview> => {
      if (!botRooms().some((room) => room.code === roomCode)) {
        throw new AppError('NOT_FOUND', { message: "No such hold'em room" });
      }
      await db.transaction(async (tx) => {
        const wasEnabled = await botsRepository.isBotRoomEnabled(tx, brand.id, roomCode);
        await botsRepository.upsertBotRoom(tx, {
          brandId: brand.id,
          roomCode,
          isEnabled,
          updatedAt: new Date(clock()),
        });
        await recordAuditEvent(tx, {
          actor,
          action: 'pvp.bots.update',
          entityType: 'pvp_room',
          entityId: `${brand.id}:${roomCode}`,
          before: { isEnabled: wasEnabled },
          after: { isEnabled },
        });
      });
      return overview(brand);
    },
  };
};

export type PvpBotsService = ReturnType<typeof createPvpBotsService>;
