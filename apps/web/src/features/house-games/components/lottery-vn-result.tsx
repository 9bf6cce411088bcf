import {
  distinctPermutations,
  vnBetTypeRules,
  vnLotIndexes,
  vnLotsOf,
  vnPrizes,
  type VnRegion,
} from '@wps/contracts/vn-lottery-rules';
import { useTranslation } from 'react-i18next';
import { CaptionedTable } from '../../../components/captioned-table';
import { isVnBetType } from '../api/lottery-bet-lines';
import type { LotteryBet, LotteryDraw } from '../api/lottery-queries';

/** A VN result: per station, the lots' numbers in `vnLotsOf(region)` order (special first). */
export const readVnResult = (draw: LotteryDraw): Record<string, string[]> => {
  const stations = draw.result?.stations;
  if (typeof stations !== 'object' || stations === null) return {};
  const result: Record<string, string[]> = {};
  for (const [code, lots] of Object.entries(stations)) {
    if (Array.isArray(lots)) result[code] = lots.filter((lot): lot is string => typeof lot === 'string');
  }
  return result;
};

/**
 * Indexes of a station's lots that one of the member's bets matched: the lot is one the bet type covers and
 * it ends with one of the bet's numbers (or, for đảo types, one of their permutations). A bet without
 * stations (North) covers the draw's one station. Đá and xiên mark every covered lot a chosen number hits.
 */
export const matchedLotIndexes = (
  region: VnRegion,
  stationCode: string,
  lots: readonly string[],
  bets: readonly LotteryBet[],
): Set<number> => {
  const matched = new Set<number>();
  for (const bet of bets) {
    if (!isVnBetType(bet.betType)) continue;
    if (bet.stations.length > 0 && !bet.stations.includes(stationCode)) continue;
    const permutes = vnBetTypeRules[bet.betType].permutes;
    const numbers = permutes ? bet.numbers.flatMap((number) => distinctPermutations(number)) : bet.numbers;
    const digits = bet.numbers[0]?.length ?? 2;
    for (const index of vnLotIndexes(bet.betType, region, digits)) {
      const lot = lots[index];
      if (lot !== undefined && numbers.some((number) => lot.endsWith(number))) matched.add(index);
    }
  }
  return matched;
};

type LotteryVnResultProps = {
  draw: LotteryDraw;
  region: VnRegion;
  bets: readonly LotteryBet[];
};

/** The result table by prize (special, first … eighth) per station, the member's matched numbers marked. */
export function LotteryVnResult({ draw, region, bets }: LotteryVnResultProps) {
  const { t } = useTranslation();
  const result = readVnResult(draw);
  const lots = vnLotsOf(region);
  const stations =
    draw.stations.length > 0 ? draw.stations : Object.keys(result).map((code) => ({ code, name: code }));
  const matchedByStation = new Map(
    stations.map((station) => [
      station.code,
      matchedLotIndexes(region, station.code, result[station.code] ?? [], bets),
    ]),
  );
  const prizes = vnPrizes.filter((prize) => lots.some((lot) => lot.prize === prize));
  return (
    <CaptionedTable
      caption={t('lottery.vn.result_caption', { drawId: draw.publicId })}
      testId="vn-result-table"
      isCaptionHidden
    >
      <thead>
        <tr>
          <th scope="col">{t('lottery.vn.prize')}</th>
          {stations.map((station) => (
            <th scope="col" key={station.code}>
              {station.name}
            </th>
          ))}
        </tr>
      </thead>
      <tbody>
        {prizes.map((prize) => (
          <tr key={prize} data-prize={prize}>
            <th scope="row">{t(`lottery.vn.prizes.${prize}`)}</th>
            {stations.map((station) => {
              const stationLots = result[station.code] ?? [];
              const matched = matchedByStation.get(station.code) ?? new Set<number>();
              return (
                <td key={station.code} className={prize === 'special' ? 'lottery-vn__special' : undefined}>
                  {lots.flatMap((lot, index) => {
                    if (lot.prize !== prize) return [];
                    const number = stationLots[index] ?? '—';
                    return [
                      matched.has(index) ? (
                        <mark
                          key={index}
                          className="lottery-vn__lot lottery-vn__lot--matched"
                          data-testid="vn-lot-matched"
                        >
                          <span className="visually-hidden">{t('lottery.vn.matched')} </span>
                          <bdi dir="ltr">{number}</bdi>
                        </mark>
                      ) : (
                        <bdi key={index} dir="ltr" className="lottery-vn__lot">
                          {number}
                        </bdi>
                      ),
                    ];
                  })}
                </td>
              );
            })}
          </tr>
        ))}
      </tbody>
    </CaptionedTable>
  );
}
