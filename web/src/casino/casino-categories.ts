/** Casino list categories of SPEC.md section 2 (/casino-list/LC/4/{categoryId}). */
export const CASINO_CATEGORIES: Record<string, string> = {
  '35': 'All Casino',
  '31': 'Roulette',
  '20': 'Teenpatti',
  '21': 'Poker',
  '22': 'Baccarat',
  '23': 'Dragon Tiger',
  '24': '32 Cards',
  '26': 'Andar Bahar',
  '27': 'Lucky 7',
  '28': '3 Cards Judgement',
  '29': 'Casino War',
  '30': 'Worli',
  '34': 'Sports',
  '32': 'Bollywood',
  '33': 'Lottery',
  '40': 'Queen',
  '41': 'Race',
  '73': 'Others',
};

export const ALL_CASINO_CATEGORY = '35';
