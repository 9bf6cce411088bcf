import {
  type AdminGame,
  type adminGamesQuerySchema,
  type AdminGameUpdate,
  uploadedGameImagePath,
} from '@wps/contracts/games-admin';
import { categoryOf, cockfightVendorCodes, esportsVendorCodes, searchableName } from '@wps/contracts/games';
import { houseVendorCode } from '@wps/contracts/house-games-rules';
import type { z } from 'zod';
import type { Database, Executor } from '../../db/database';
import { AppError } from '../../http/app-error';
import { type AuditActor, recordAuditEvent } from '../audit/audit.service';
import type { UploadCandidate, UploadRow, UploadService } from '../uploads/uploads.service';
import * as repository from './catalogue-admin.repository';
import type { AdminGameFilter, AdminGameRow } from './catalogue-admin.repository';
import { gameIconPath } from './game-image-paths';

export type AdminGamesQuery = z.output<typeof adminGamesQuerySchema>;

const toAdminGame = (row: AdminGameRow): AdminGame => ({
  id: row.id.toString(),
  vendorCode: row.vendorCode,
  vendorName: row.vendorName,
  integration: row.integration,
  gameType: row.gameType,
  category: categoryOf(row.gameType, row.vendorCode),
  gameCode: row.gameCode,
  name: row.name,
  classify: row.classify,
  isEnabled: row.isEnabled,
  isHot: row.isHot,
  isNew: row.isNew,
  hasTrial: row.hasTrial,
  sortOrder: row.sortOrder,
  iconUrl: row.iconUrl ?? gameIconPath(row.vendorCode, row.gameCode),
  hasOwnImage: row.iconUrl !== null,
});

/** The stored type and vendors of a lobby category: SPORTS tiles of some vendors form their own. */
const categoryFilterOf = (category: string | undefined): AdminGameFilter => {
  const splitVendors = { ESPORTS: esportsVendorCodes, COCKFIGHT: [...cockfightVendorCodes, houseVendorCode] };
  if (category === 'ESPORTS' || category === 'COCKFIGHT') {
    return { gameType: 'SPORTS', vendorCodesIn: splitVendors[category] };
  }
  if (category === 'SPORTS') {
    return { gameType: 'SPORTS', vendorCodesNotIn: [...splitVendors.ESPORTS, ...splitVendors.COCKFIGHT] };
  }
  return { gameType: category };
};

/** What of a game an audit entry keeps. */
const auditedOf = (row: AdminGameRow) => ({
  isEnabled: row.isEnabled,
  isHot: row.isHot,
  isNew: row.isNew,
  sortOrder: row.sortOrder,
  iconUrl: row.iconUrl,
});

/**
 * The catalogue as operators keep it (platform-wide, like vendors): every game paged with filters, a game's
 * listing (shown, HOT, NEW, order) and its picture. The site's lobby reads the same rows, so a change shows
 * there as soon as the catalogue's caches are dropped (`onCatalogueChange`). Each change is audited in its
 * transaction with the game before and after.
 */
export const createCatalogueAdminService = ({
  db,
  uploads,
  onCatalogueChange,
}: {
  db: Database;
  uploads: Pick<UploadService, 'store' | 'read'>;
  onCatalogueChange: () => void;
}) => {
  const requireGame = async (executor: Executor, id: bigint, lock: boolean): Promise<AdminGameRow> => {
    const row = await repository.findAdminGame(executor, id, { lock });
    if (!row) throw new AppError('GAME_NOT_FOUND');
    return row;
  };

  /** Changes a game's columns in a transaction, audited as `action`, and answers the game after it. */
  const change = async (
    actor: AuditActor,
    id: bigint,
    action: string,
    patch: Parameters<typeof repository.updateAdminGame>[2],
  ): Promise<AdminGame> => {
    const after = await db.transaction(async (tx) => {
      const before = await requireGame(tx, id, true);
      await repository.updateAdminGame(tx, id, patch);
      const changed = await requireGame(tx, id, false);
      await recordAuditEvent(tx, {
        actor,
        action,
        entityType: 'game',
        entityId: id.toString(),
        before: auditedOf(before),
        after: { ...auditedOf(changed), vendorCode: changed.vendorCode, gameCode: changed.gameCode },
      });
      return changed;
    });
    onCatalogueChange();
    return toAdminGame(after);
  };

  return {
    list: async (query: AdminGamesQuery) => {
      const search = query.search === undefined || query.search === '' ? undefined : query.search;
      const { rows, total } = await repository.listAdminGames(
        db,
        {
          ...categoryFilterOf(query.category),
          vendorCode: query.vendor,
          isEnabled: query.status === undefined ? undefined : query.status === 'enabled',
          isHot: query.flag === 'hot' ? true : undefined,
          isNew: query.flag === 'new' ? true : undefined,
          search: search === undefined ? undefined : { name: searchableName(search), code: search },
        },
        { limit: query.pageSize, offset: (query.pageNo - 1) * query.pageSize },
      );
      return {
        games: rows.map(toAdminGame),
        pageNo: query.pageNo,
        total,
        totalPages: Math.ceil(total / query.pageSize),
      };
    },

    update: (actor: AuditActor, id: bigint, patch: AdminGameUpdate): Promise<AdminGame> =>
      change(actor, id, 'games.game.update', patch),

    /**
     * Stores an operator's picture (as a staff upload of the brand they act on) and shows it as the game's
     * icon, small and large. The upload that was shown before stays until the upload purge finds nothing shows
     * it.
     */
    setImage: async (
      actor: AuditActor,
      owner: { brandId: bigint; staffId: bigint },
      id: bigint,
      data: Buffer,
    ): Promise<AdminGame> => {
      await requireGame(db, id, false);
      const upload = await uploads.store(owner, 'game_image', data);
      const path = uploadedGameImagePath(upload.id);
      return change(actor, id, 'games.game.image', { iconUrl: path, largeIconUrl: path });
    },

    /** Back to the platform's drawn picture. */
    clearImage: (actor: AuditActor, id: bigint): Promise<AdminGame> =>
      change(actor, id, 'games.game.image', { iconUrl: null, largeIconUrl: null }),

    /** A picture operators uploaded, while a game shows it (NOT_FOUND otherwise). */
    readImage: async (uploadId: string): Promise<{ row: UploadRow; data: Buffer }> => {
      if (!(await repository.isImageShown(db, uploadedGameImagePath(uploadId)))) {
        throw new AppError('NOT_FOUND');
      }
      return uploads.read(uploadId);
    },

    /** Which of these uploads a game shows (the upload purge keeps them). */
    findReferencedUploads: async (candidates: readonly UploadCandidate[]): Promise<string[]> => {
      const byPath = new Map(
        candidates
          .filter((candidate) => candidate.memberId === null)
          .map((candidate) => [uploadedGameImagePath(candidate.id), candidate.id]),
      );
      const shown = await repository.listShownImages(db, [...byPath.keys()]);
      return shown.flatMap((path) => byPath.get(path) ?? []);
    },
  };
};

export type CatalogueAdminService = ReturnType<typeof createCatalogueAdminService>;
