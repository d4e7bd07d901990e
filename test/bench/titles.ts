/**
 * Release-name vocabulary of the synthetic ICVDB: Italian and English names, every separator,
 * resolutions, sources, codecs and the language markers (ITA, ITA.ENG, MULTI, SUB ITA, SUBITA…).
 */
import { weighted, type Random } from './random.ts'

const EN_ADJECTIVES = [
  'Dark',
  'Silent',
  'Broken',
  'Golden',
  'Last',
  'Lost',
  'Hidden',
  'Crimson',
  'Frozen',
  'Wild',
  'Burning',
  'Secret',
  'Iron',
  'Blue',
  'Endless',
  'Northern',
  'Hollow',
  'Savage',
  'Quiet',
  'Electric',
  'Little',
  'Black',
  'Bright',
  'Fallen',
]
const EN_NOUNS = [
  'River',
  'Kingdom',
  'Harbor',
  'Empire',
  'Witness',
  'Garden',
  'Signal',
  'Frontier',
  'Shadow',
  'Crown',
  'Station',
  'Island',
  'Legacy',
  'Storm',
  'Protocol',
  'Horizon',
  'Circle',
  'Valley',
  'Code',
  'Hunter',
  'Mirror',
  'Engine',
  'Winter',
  'Doctor',
  'Detective',
  'Family',
  'Dynasty',
  'Outpost',
]
const EN_NAMES = ['Morgan', 'Harper', 'Reed', 'Calloway', 'Vance', 'Holloway', 'Sinclair', 'Archer', 'Blake', 'Donovan', 'Mercer', 'Sloane']
const IT_NOUNS_M = [
  'Commissario',
  'Segreto',
  'Silenzio',
  'Mare',
  'Giardino',
  'Destino',
  'Ritorno',
  'Viaggio',
  'Confine',
  'Nome',
  'Tempo',
  'Sogno',
  'Paese',
  'Processo',
]
const IT_NOUNS_F = [
  'Casa',
  'Notte',
  'Città',
  'Strada',
  'Famiglia',
  'Verità',
  'Libertà',
  'Stagione',
  'Guerra',
  'Memoria',
  'Porta',
  'Isola',
  'Amica',
  'Legge',
]
const IT_ADJ_M = ['Nero', 'Bianco', 'Perduto', 'Nascosto', 'Eterno', 'Ultimo', 'Grande', 'Lontano', 'Segreto', 'Antico']
const IT_ADJ_F = ['Nera', 'Bianca', 'Perduta', 'Nascosta', 'Eterna', 'Ultima', 'Grande', 'Lontana', 'Segreta', 'Antica']
const IT_PLACES = ['Napoli', 'Roma', 'Milano', 'Palermo', 'Vigàta', 'Venezia', 'Torino', 'Bologna', 'Trieste', 'Genova', 'Cefalù', 'Forlì']
const IT_NAMES = [
  'Montalbano',
  'Rocco',
  'Nero Wolfe',
  'Don Matteo',
  'Gomorra',
  'Suburra',
  'Baby',
  'Skam',
  'Zero',
  'Màkari',
  'Mare Fuori',
  'Perché No',
]
const ANIME_WORDS = [
  'Shingeki',
  'Kimetsu',
  'Boku',
  'no',
  'Hero',
  'Academia',
  'Kaisen',
  'Piece',
  'Dragon',
  'Ball',
  'Naruto',
  'Bleach',
  'Yaiba',
  'Spy',
  'Family',
  'Chainsaw',
  'Man',
  'Frieren',
  'Oshi',
  'Ko',
  'Sousou',
  'Tensei',
  'Slime',
  'Datta',
  'Ken',
  'Mononoke',
  'Hunter',
  'Kyojin',
  'Jujutsu',
  'Blue',
  'Lock',
]

const plural = (noun: string): string => (noun.endsWith('s') ? `${noun}es` : noun.endsWith('y') ? `${noun.slice(0, -1)}ies` : `${noun}s`)

// Italian articles elide before a vowel: La + Isola → L'Isola.
const elided = (article: string, noun: string): string => (/^[AEIOU]/.test(noun) ? `L'${noun}` : `${article} ${noun}`)

/** An English or Italian show or film name, with accents, apostrophes and the odd colon. */
export const showName = (random: Random, italian: boolean): string => {
  if (italian) {
    switch (random.int(7)) {
      case 0:
        return `Il ${random.pick(IT_NOUNS_M)} ${random.pick(IT_ADJ_M)}`
      case 1:
        return `${elided('La', random.pick(IT_NOUNS_F))} ${random.pick(IT_ADJ_F)}`
      case 2:
        return `${random.pick(IT_NOUNS_F)} di ${random.pick(IT_PLACES)}`
      case 3:
        return `Il ${random.pick(IT_NOUNS_M)} di ${random.pick(IT_PLACES)}`
      case 4:
        return `L'${random.pick(['Amica', 'Ultima', 'Isola', 'Eredità', 'Ora'])} ${random.pick(IT_ADJ_F)}`
      case 5:
        return `${random.pick(IT_NAMES)}${random.pick([' ', ' - ', ': '])}${random.pick(IT_NOUNS_F)} ${random.pick(IT_ADJ_F)}`
      default:
        return `I ${random.pick(['Segreti', 'Ragazzi', 'Leoni', 'Delitti', 'Misteri'])} di ${random.pick(IT_PLACES)}`
    }
  }
  switch (random.int(6)) {
    case 0:
      return `The ${random.pick(EN_ADJECTIVES)} ${random.pick(EN_NOUNS)}`
    case 1:
      return `${random.pick(EN_ADJECTIVES)} ${plural(random.pick(EN_NOUNS))}`
    case 2:
      return `${random.pick(EN_NOUNS)} of ${plural(random.pick(EN_NOUNS))}`
    case 3:
      return `${random.pick(EN_NAMES)}`
    case 4:
      return `${random.pick(EN_NAMES)}: ${random.pick(EN_ADJECTIVES)} ${random.pick(EN_NOUNS)}`
    default:
      return `${random.pick(EN_NAMES)}'s ${random.pick(EN_NOUNS)}`
  }
}

export const animeName = (random: Random): string => {
  const count = random.between(2, 4)
  const words: string[] = []
  for (let i = 0; i < count; i++) words.push(random.pick(ANIME_WORDS))
  return words.join(' ')
}

const resolution = weighted([
  ['1080p', 40],
  ['720p', 20],
  ['2160p', 8],
  ['4K', 2],
  ['576p', 3],
  ['480p', 4],
  ['1080i', 1],
  ['', 22],
] as const)
const source = weighted([
  ['WEB-DL', 20],
  ['WEBRip', 10],
  ['WEB', 8],
  ['BluRay', 15],
  ['BDRip', 8],
  ['BRRip', 4],
  ['HDTV', 8],
  ['DVDRip', 6],
  ['HDRip', 4],
  ['DLMux', 6],
  ['BDMux', 3],
  ['WEBMux', 3],
  ['DVD5', 1],
  ['TS', 1],
  ['', 8],
] as const)
const codec = weighted([
  ['x264', 30],
  ['x265', 18],
  ['H264', 10],
  ['H.264', 5],
  ['HEVC', 8],
  ['AVC', 3],
  ['XviD', 4],
  ['AV1', 1],
  ['10bit.x265', 2],
  ['', 19],
] as const)
const audio = weighted([
  ['AC3', 20],
  ['DD5.1', 10],
  ['DDP5.1', 10],
  ['AAC', 15],
  ['DTS', 6],
  ['EAC3', 5],
  ['DTS-HD.MA', 2],
  ['TrueHD.Atmos', 1],
  ['MP3', 3],
  ['', 28],
] as const)
const extra = weighted([
  ['', 88],
  ['REPACK', 2],
  ['PROPER', 2],
  ['EXTENDED', 1],
  ['iNTERNAL', 1],
  ['HDR', 3],
  ['DV.HDR', 1],
  ['Remux', 1],
  ['Directors.Cut', 1],
] as const)
const groups = [
  'GRP',
  'MIRCrew',
  'NovaRip',
  'CiNEFiLE',
  'Licdom',
  'TRL',
  'iDN_CreW',
  'Pir8',
  'UBi',
  'MeM',
  'LFi',
  'FoV',
  'BlackBit',
  'Dr4gon',
  'AsPiDe',
  'sCoRpIoN',
  'PiaZZa',
  'NTb',
  'FLUX',
]
const fansubs = ['SubsPlease', 'Erai-raws', 'AnimeWorld', 'Yameii', 'ItaSubs', 'Kaizoku', 'Crunchy-ITA', 'DameDesuYo']

/** Audio/subtitle markers as they appear in titles; `sep` is the title's separator. */
const language = weighted([
  ['ITA', 24],
  ['ITA ENG', 20],
  ['ITALIAN', 7],
  ['iTALiAN', 2],
  ['MULTI', 8],
  ['DUAL', 3],
  ['SUB ITA', 9],
  ['SUBITA', 3],
  ['[SUB ITA]', 4],
  ['ENG SUB ITA', 3],
  ['MULTI SUB ITA', 2],
  ['ITA AC3', 2],
  ['ENG', 8],
  ['sottotitoli italiano', 1],
  ['', 4],
] as const)

export type Separator = '.' | ' ' | '_' | '-'
export const separator = weighted<Separator>([
  ['.', 52],
  [' ', 38],
  ['_', 6],
  ['-', 4],
])

/** A name rendered with a separator: dots drop colons, and sometimes apostrophes and accents. */
export const renderName = (random: Random, name: string, sep: Separator): string => {
  if (sep === ' ') return name
  let text = name.replace(/:/g, '').replace(/ - /g, ' ')
  if (random.chance(0.5)) text = text.replace(/'/g, sep === '.' ? '.' : '')
  if (random.chance(0.3)) text = text.normalize('NFD').replace(/[\u0300-\u036f]/g, '')
  return text.replace(/ +/g, sep).replace(sep === '.' ? /\.{2,}/g : / {2,}/g, sep)
}

export interface ReleaseParts {
  name: string
  /** S02E05, 2x05, S02, Stagione 2, S01-S03, COMPLETE, 1071…; empty for films. */
  tag: string
  year?: number
  fansub?: boolean
}

/** Technical suffix: language, resolution, source, audio, codec, extras. */
const technical = (random: Random): string[] =>
  [language(random), resolution(random), source(random), audio(random), codec(random), extra(random)].filter((token) => token !== '')

/** A whole release name in one of the house styles (scene, spaced with brackets, fansub). */
export const releaseName = (random: Random, parts: ReleaseParts): string => {
  const tech = technical(random)
  if (parts.fansub) {
    const tags = tech
      .slice(0, 3)
      .map((token) => `[${token.replace(/[[\]]/g, '')}]`)
      .join('')
    return `[${random.pick(fansubs)}] ${parts.name} - ${parts.tag} ${tags}`.trim()
  }
  const sep = separator(random)
  const name = renderName(random, parts.name, sep)
  const year = parts.year !== undefined && (parts.tag === '' || random.chance(0.2)) ? String(parts.year) : ''
  if (sep === ' ' && random.chance(0.5)) {
    const head = [name, year ? `(${year})` : '', parts.tag].filter((token) => token !== '').join(' ')
    const bracketed = tech.map((token) => (token.startsWith('[') ? token : `[${token}]`)).join(' ')
    return `${head} ${bracketed}`.trim()
  }
  const tokens = [name, year, parts.tag.replace(/ /g, sep), ...tech.map((token) => (sep === ' ' ? token : token.replace(/[ .]/g, sep)))]
  const body = tokens.filter((token) => token !== '').join(sep)
  return random.chance(0.7) ? `${body}-${random.pick(groups)}` : body
}

/**
 * Rare oddities real titles have: tabs, backslashes and newlines (COPY escapes), XML specials,
 * an emoji, a control character XML 1.0 forbids, and long descriptive tails (cut at 200 chars).
 */
const ODDITIES: readonly (readonly [number, (title: string) => string])[] = [
  [1 / 20000, (title) => title.replace(/[ .]/, '\t')],
  [1 / 20000, (title) => title.replace(/[ .]/, ' AC\\DC ')],
  [1 / 50000, (title) => `${title}\nVersione Integrale`],
  [1 / 100000, (title) => `${title} \u0007`],
  [1 / 2000, (title) => `${title} [Tom & Jerry <3 "Speciale"]`],
  [1 / 5000, (title) => `🎬 ${title}`],
  [
    1 / 1000,
    (title) =>
      `${title} [Versione Integrale Restaurata in Alta Definizione] [Edizione Speciale da Collezione con Contenuti Extra e Commento del Regista] [Audio Italiano Originale Rimasterizzato]`,
  ],
]

export const titleLimit = (title: string, random?: Random): string => {
  let result = title
  if (random) for (const [p, change] of ODDITIES) if (random.chance(p)) result = change(result)
  return result.length > 200 ? result.slice(0, 200) : result
}
