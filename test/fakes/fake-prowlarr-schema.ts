/**
 * A realistic GET /api/v1/indexer/schema for the fake Prowlarr: the derived Generic Torznab entry,
 * the other Torznab presets, a Newznab entry, and Cardigann definitions padded past 1 MiB.
 */
import genericTorznab from '../fixtures/prowlarr/generic-torznab-schema.derived.json' with { type: 'json' }

export type Resource = Record<string, any>

export const GENERIC_TORZNAB: Resource = genericTorznab

const withField = (template: Resource, name: string, value: unknown): Resource => ({
  ...template,
  fields: template.fields.map((field: Resource) => (field.name === name ? { ...field, value } : field)),
})

/** The other entries Prowlarr's Torznab implementation contributes (clients §A.4). */
const torznabPreset = (name: string, baseUrl: string, apiPath: string, language = 'en-US'): Resource => ({
  ...withField(withField(structuredClone(GENERIC_TORZNAB), 'baseUrl', baseUrl), 'apiPath', apiPath),
  name,
  language,
  indexerUrls: [baseUrl],
  description: `${name} is a Torznab preset`,
  sortName: name.toLowerCase(),
})

const genericNewznab = (): Resource => ({
  ...structuredClone(GENERIC_TORZNAB),
  name: 'Generic Newznab',
  implementationName: 'Newznab',
  implementation: 'Newznab',
  configContract: 'NewznabSettings',
  definitionName: 'Newznab',
  protocol: 'usenet',
  description: 'Newznab is an API search specification for Usenet',
  sortName: 'generic newznab',
})

/** One Cardigann definition, shaped like the hundreds a real schema carries (~6 MiB in all). */
const cardigann = (index: number): Resource => {
  const name = `Tracker ${String(index).padStart(4, '0')}`
  const site = `https://tracker-${index}.example`
  return {
    id: 0,
    name,
    fields: [
      {
        order: 0,
        name: 'definitionFile',
        label: 'Definition File',
        value: `tracker-${index}`,
        type: 'textbox',
        advanced: false,
        hidden: 'hidden',
        privacy: 'normal',
        isFloat: false,
      },
      {
        order: 1,
        name: 'baseUrl',
        label: 'Base Url',
        helpText: 'Select which baseurl Prowlarr will use for requests to the site',
        type: 'select',
        advanced: false,
        selectOptionsProviderAction: 'getUrls',
        privacy: 'normal',
        isFloat: false,
      },
      { order: 2, name: 'username', label: 'Username', type: 'textbox', advanced: false, privacy: 'userName', isFloat: false },
      { order: 3, name: 'password', label: 'Password', type: 'password', advanced: false, privacy: 'password', isFloat: false },
      {
        order: 4,
        name: 'sort',
        label: 'Sort requested from site',
        value: 0,
        type: 'select',
        advanced: false,
        selectOptions: ['created', 'seeders', 'size', 'title'].map((option, order) => ({
          value: order,
          name: option,
          order,
          hint: `(${order})`,
        })),
        privacy: 'normal',
        isFloat: false,
      },
      {
        order: 5,
        name: 'info_flaresolverr',
        label: 'About FlareSolverr',
        helpText: 'This site may use Cloudflare DDoS Protection, therefore Prowlarr requires FlareSolverr to access it.',
        type: 'info',
        advanced: false,
        privacy: 'normal',
        isFloat: false,
      },
    ],
    implementationName: 'Cardigann',
    implementation: 'Cardigann',
    configContract: 'CardigannSettings',
    infoLink: `https://wiki.servarr.com/prowlarr/supported-indexers#tracker-${index}`,
    tags: [],
    presets: [],
    indexerUrls: [site, `${site.replace('https://', 'https://mirror.')}/`],
    legacyUrls: [],
    definitionName: `tracker-${index}`,
    description: `${name} is a ${index % 3 === 0 ? 'Private' : 'Public'} torrent tracker for MOVIES / TV / GENERAL`,
    language: index % 5 === 0 ? 'it-IT' : 'en-US',
    encoding: 'Unicode (UTF-8)',
    enable: true,
    redirect: false,
    supportsRss: true,
    supportsSearch: true,
    supportsRedirect: false,
    supportsPagination: false,
    appProfileId: 0,
    protocol: 'torrent',
    privacy: index % 3 === 0 ? 'private' : 'public',
    capabilities: {
      id: 0,
      limitsMax: 100,
      limitsDefault: 100,
      categories: [],
      supportsRawSearch: false,
      searchParams: [],
      tvSearchParams: [],
      movieSearchParams: [],
      musicSearchParams: [],
      bookSearchParams: [],
    },
    priority: 25,
    downloadClientId: 0,
    added: '0001-01-01T00:00:00Z',
    sortName: name.toLowerCase(),
  }
}

export interface SchemaOptions {
  /** Minimum size of the serialized schema; a real one is about 6 MiB. */
  minBytes?: number
  withGenericTorznab?: boolean
}

/** The schema array, with Generic Torznab in the middle so nothing can pick it by position. */
export const buildSchema = (options: SchemaOptions = {}): Resource[] => {
  const minBytes = options.minBytes ?? 1.5 * 1024 * 1024
  const head: Resource[] = [torznabPreset('AnimeTosho', 'https://feed.animetosho.org/', '/api'), genericNewznab()]
  const tail: Resource[] = [
    torznabPreset('MoreThanTV', 'https://www.morethantv.me/', '/api/torznab'),
    torznabPreset('Torrent Network', 'https://tntracker.org/', '/api/torznab/api', 'de-DE'),
  ]
  const middle = options.withGenericTorznab === false ? [] : [structuredClone(GENERIC_TORZNAB)]
  const definitions: Resource[] = []
  let bytes = JSON.stringify([...head, ...middle, ...tail]).length
  for (let index = 1; bytes < minBytes; index += 1) {
    const entry = cardigann(index)
    definitions.push(entry)
    bytes += JSON.stringify(entry).length + 1
  }
  const half = Math.floor(definitions.length / 2)
  return [...head, ...definitions.slice(0, half), ...middle, ...definitions.slice(half), ...tail]
}
