import type { Sport } from '../domain';

/** The simulator's invented leagues and sides (no real clubs or players). Ratings are drawn in `ratingRange`. */
export type LeagueEntry = {
  id: string;
  name: string;
  sport: Sport;
  ratingRange: [number, number];
  competitors: string[];
};

export const catalogue: LeagueEntry[] = [
  {
    id: 'aldmoor-premier',
    name: 'Aldmoor Premier League',
    sport: 'football',
    ratingRange: [0.7, 1.4],
    competitors: [
      'Aldmoor Rovers',
      'Brackenfield United',
      'Corvale Athletic',
      'Dunmere City',
      'Eastholt Wanderers',
      'Fernwick Town',
      'Glenhaven FC',
      'Harrowby Albion',
    ],
  },
  {
    id: 'serravel-liga',
    name: 'Liga Serravel',
    sport: 'football',
    ratingRange: [0.7, 1.4],
    competitors: [
      'Montevar CF',
      'Riopardo SC',
      'Castelbruma FC',
      'Unión Vallerosa',
      'Alcina Porto',
      'Torremonte CD',
      'Salvadura FC',
      'Bellaris Deportivo',
    ],
  },
  {
    id: 'continental-hoops',
    name: 'Continental Hoops League',
    sport: 'basketball',
    ratingRange: [0.8, 1.25],
    competitors: [
      'Ironvale Lynx',
      'Copperport Tides',
      'Granite Bay Owls',
      'Marrow Peak Stags',
      'Sunhollow Pilots',
      'Brinewater Herons',
      'Oakspire Rams',
      'Duskfield Kites',
    ],
  },
  {
    id: 'meridian-tour',
    name: 'Meridian Tour',
    sport: 'tennis',
    ratingRange: [0.85, 1.2],
    competitors: [
      'Casimir Ondrey',
      'Tavi Brennholt',
      'Nilo Sarrazin',
      'Emeric Vantol',
      'Joren Halloway',
      'Dario Fenwick',
      'Kasper Lindqvart',
      'Yannick Dorsaint',
    ],
  },
  {
    id: 'vanguard-series',
    name: 'Vanguard Pro Series',
    sport: 'cs2',
    ratingRange: [0.7, 1.4],
    competitors: [
      'Nightforge',
      'Cobalt Reign',
      'Ashen Vow',
      'Hexfall',
      'Ironroot',
      'Pale Circuit',
      'Vorticore',
      'Emberline',
    ],
  },
  {
    id: 'ancients-invitational',
    name: 'Ancients Invitational',
    sport: 'dota2',
    ratingRange: [0.7, 1.4],
    competitors: [
      'Thornwake',
      'Void Lantern',
      'Skyreach Nine',
      'Mirewolves',
      'Dusk Covenant',
      'Glass Tiger',
      'Sablecrest',
      'Oathbound',
    ],
  },
  {
    id: 'rift-masters',
    name: 'Rift Masters League',
    sport: 'lol',
    ratingRange: [0.7, 1.4],
    competitors: [
      'Starfall Academy',
      'Jade Serpents',
      'Lumen Drift',
      'Crimson Quill',
      'Frostmarch',
      'Orbitkeep',
      'Neon Peak',
      'Hollow Crown',
    ],
  },
  {
    id: 'spike-circuit',
    name: 'Spike Circuit',
    sport: 'valorant',
    ratingRange: [0.7, 1.4],
    competitors: [
      'Quietstorm',
      'Halcyon Six',
      'Redline Ronin',
      'Ghostlight',
      'Prism Arc',
      'Cinder Veil',
      'Astral Tide',
      'Feral Code',
    ],
  },
];

export const competitorId = (name: string): string =>
  name
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-');
