import { PRIORITY_DUE_HOURS, type Priority } from '@wop/shared/constants';
import { sql } from 'drizzle-orm';
import { hashPassword } from '../lib/password.ts';
import type { Storage } from '../lib/storage.ts';
import type { Db, Tx } from './client.ts';
import {
  assets,
  categoryFiles,
  chains,
  chatMessages,
  fileCategories,
  oncallLines,
  orderDocuments,
  orderEvents,
  orderStatuses,
  orders,
  phoneInSettings,
  plans,
  planTargets,
  priorities,
  regions,
  roles,
  stores,
  userChains,
  userRegions,
  userStores,
  users,
  workTypes,
  workTypeTranslations,
} from './schema/index.ts';
import { simplePdf, solidPng } from './seed-files.ts';

export const DEMO_PASSWORD = 'demo1234';

/** Reference data every installation needs: the six roles, the priorities and the five statuses. */
export async function seedReference(tx: Db | Tx): Promise<void> {
  await tx
    .insert(roles)
    .values([
      { title: 'Super Admin', slug: 'super-admin', builtin: true },
      { title: 'Admin', slug: 'admin', builtin: true },
      { title: 'Chain Admin', slug: 'chain-admin', builtin: true },
      { title: 'Regional Director', slug: 'regional-director', builtin: true },
      { title: 'Store Manager', slug: 'store-manager', builtin: true },
      { title: 'Technician', slug: 'technician', builtin: true },
    ])
    .onConflictDoNothing();
  await tx
    .insert(priorities)
    .values([
      {
        id: 10,
        dueHours: PRIORITY_DUE_HOURS[10],
        titleEn: 'ASAP, within 48 hours (also phone it in)',
        titleSv: 'Akut, inom 48 timmar (ring även in)',
        titleFi: 'Kiireellinen, 48 tunnin sisällä (soita myös)',
      },
      {
        id: 20,
        dueHours: PRIORITY_DUE_HOURS[20],
        titleEn: 'Within 2 weeks',
        titleSv: 'Inom 2 veckor',
        titleFi: '2 viikon sisällä',
      },
      {
        id: 30,
        dueHours: PRIORITY_DUE_HOURS[30],
        titleEn: 'Within 2 months',
        titleSv: 'Inom 2 månader',
        titleFi: '2 kuukauden sisällä',
      },
    ])
    .onConflictDoNothing();
  await tx
    .insert(orderStatuses)
    .values([
      { title: 'Pending', slug: 'pending', builtin: true },
      { title: 'Planned', slug: 'planned', builtin: true },
      { title: 'Confirmed', slug: 'confirmed', builtin: true },
      { title: 'Revisit required', slug: 'revisit-required', builtin: true },
      { title: 'Completed', slug: 'completed', builtin: true },
    ])
    .onConflictDoNothing();
}

const WORK_TYPES: [slug: string, en: string, sv: string, fi: string][] = [
  ['electrical', 'Electrical', 'El', 'Sähkö'],
  ['plumbing', 'Plumbing', 'VVS', 'LVI ja putkityöt'],
  ['refrigeration', 'Refrigeration', 'Kyla', 'Kylmälaitteet'],
  ['ventilation', 'Ventilation', 'Ventilation', 'Ilmanvaihto'],
  ['locks-doors', 'Locks and doors', 'Lås och dörrar', 'Lukot ja ovet'],
  ['lighting', 'Lighting', 'Belysning', 'Valaistus'],
  ['carpentry', 'Carpentry', 'Snickeri', 'Puusepäntyöt'],
  ['general-maintenance', 'General maintenance', 'Allmänt underhåll', 'Yleinen kunnossapito'],
];

/**
 * The after-hours lines by city and trade (work type slug). EXAMPLE DATA: every number is in the range the
 * Swedish Post and Telecom Authority (PTS) reserves for fiction (070-174 06 05 to 070-174 06 99), so none of
 * them reaches a real person; the Finnish cities use the same range. The service desk's example number
 * comes with the migrations (0000_baseline.sql).
 */
const ONCALL_LINES: [city: string, slug: string, partner: string, phone: string][] = [
  ['Stockholm', 'electrical', 'Exempel El AB', '070-174 06 10'],
  ['Stockholm', 'plumbing', 'Exempel VVS AB', '070-174 06 11'],
  ['Stockholm', 'refrigeration', 'Exempel Kyl AB', '070-174 06 12'],
  ['Göteborg', 'electrical', 'Exempel El Väst AB', '070-174 06 20'],
  ['Göteborg', 'plumbing', 'Exempel Rör Väst AB', '070-174 06 21'],
  ['Göteborg', 'refrigeration', 'Exempel Kyla Väst AB', '070-174 06 22'],
  ['Malmö', 'electrical', 'Exempel El Syd AB', '070-174 06 30'],
  ['Malmö', 'plumbing', 'Exempel VVS Syd AB', '070-174 06 31'],
  ['Malmö', 'refrigeration', 'Exempel Kyl Syd AB', '070-174 06 32'],
  ['Helsinki', 'electrical', 'Esimerkki Sähkö Oy', '+46 70 174 06 40'],
  ['Helsinki', 'plumbing', 'Esimerkki Putki Oy', '+46 70 174 06 41'],
  ['Helsinki', 'refrigeration', 'Esimerkki Kylmä Oy', '+46 70 174 06 42'],
  ['Tampere', 'electrical', 'Esimerkki Sähkö Pirkanmaa Oy', '+46 70 174 06 50'],
  ['Tampere', 'plumbing', 'Esimerkki LVI Pirkanmaa Oy', '+46 70 174 06 51'],
  ['Tampere', 'refrigeration', 'Esimerkki Kylmä Pirkanmaa Oy', '+46 70 174 06 52'],
];

/** The city of a demo store (by the name after the chain's prefix); the city of its on-call line. */
const STORE_CITIES: Record<string, string> = {
  Södermalm: 'Stockholm',
  Kungsholmen: 'Stockholm',
  Solna: 'Stockholm',
  Haga: 'Göteborg',
  Majorna: 'Göteborg',
  Mölndal: 'Göteborg',
  'Malmö Centrum': 'Malmö',
  Lund: 'Lund',
  Helsingborg: 'Helsingborg',
  Kamppi: 'Helsinki',
  'Tampere Keskusta': 'Tampere',
};

/** Where a demo store is (the district's centre, WGS 84): site visits are checked against it. */
const STORE_POSITIONS: Record<string, [lat: number, lng: number]> = {
  Södermalm: [59.3147, 18.0719],
  Kungsholmen: [59.3326, 18.0302],
  Solna: [59.3601, 18.0009],
  Haga: [57.6996, 11.9571],
  Majorna: [57.6912, 11.9179],
  Mölndal: [57.6554, 12.0138],
  'Malmö Centrum': [55.6059, 13.0007],
  Lund: [55.7047, 13.191],
  Helsingborg: [56.0465, 12.6945],
  Kamppi: [60.1685, 24.9313],
  'Tampere Keskusta': [61.4978, 23.761],
};

const DESCRIPTIONS = [
  'Freezer island 3 is not holding temperature, shows -12 °C instead of -18 °C.',
  'Kyldisken vid mejeriet läcker vatten på golvet. Har lagt ut handdukar.',
  'Lampor i kassalinjen blinkar och två armaturer är helt släckta.',
  'Automatic entrance door stops half-way and has to be pushed open by hand.',
  'Vesivuoto henkilökunnan WC:ssä, hana vuotaa jatkuvasti.',
  'Ventilationen i lagret låter mycket och luktar bränt.',
  'Lastkajens port går inte att låsa efter leveransen i morse.',
  'Jaloste-kylmiön ovi ei sulkeudu kunnolla, tiiviste rikki.',
  'Socket behind the bake-off oven has burn marks, oven switched off for now.',
  'Hyllreglar i frukt och grönt har lossnat, behöver skruvas fast.',
  'Pakastealtaan valaistus ei toimi.',
  'Avlopp i personalköket är stopp.',
];

/** A chain's money settings: country, currency, VAT (bp), hourly rate, call-out fee, NTE per priority 10/20/30. */
const costs = (
  country: 'SE' | 'FI',
  currency: 'SEK' | 'EUR',
  vatBp: number,
  hourlyRateMinor: number,
  calloutFeeMinor: number,
  [nte10Minor, nte20Minor, nte30Minor]: [number, number, number],
) => ({ country, currency, vatBp, hourlyRateMinor, calloutFeeMinor, nte10Minor, nte20Minor, nte30Minor });

const CHAINS = [
  {
    chain: {
      chainName: 'Norrgården Livs',
      phone: '0812345670',
      email: 'fastighet@norrgarden.example',
      invoiceAddress: 'Box 1234, 111 22 Stockholm',
      contactPerson: 'Karin Lindqvist',
      hasRegion: true,
      ...costs('SE', 'SEK', 2500, 69_500, 49_500, [800_000, 500_000, 300_000]),
      orgNumber: '5560000001',
      peppolId: '0007:5560000001',
      vatId: 'SE556000000101',
    },
    regions: [
      ['Stockholm', '0812345671', ['Södermalm', 'Kungsholmen', 'Solna']],
      ['Göteborg', '0312345672', ['Haga', 'Majorna', 'Mölndal']],
      ['Skåne', '0401234567', ['Malmö Centrum', 'Lund', 'Helsingborg']],
    ] as const,
    prefix: 'Norrgården',
  },
  {
    chain: {
      chainName: 'Kotimarket Oy',
      phone: '0912345678',
      email: 'kiinteistot@kotimarket.example',
      invoiceAddress: 'PL 100, 00100 Helsinki',
      contactPerson: 'Anna Lehtonen',
      hasRegion: false,
      ...costs('FI', 'EUR', 2550, 6_900, 4_900, [80_000, 50_000, 30_000]),
      orgNumber: '1234567-1',
      peppolId: '0216:003712345671',
      vatId: 'FI12345671',
    },
    regions: [[null, null, ['Kamppi', 'Tampere Keskusta', 'Turku', 'Oulu']]] as const,
    prefix: 'Kotimarket',
  },
  {
    chain: {
      chainName: 'Fjällbo Bygghandel',
      phone: '0601234567',
      email: 'drift@fjallbo.example',
      invoiceAddress: 'Storgatan 5, 852 30 Sundsvall',
      contactPerson: 'Per Sjöberg',
      hasRegion: true,
      ...costs('SE', 'SEK', 2500, 62_000, 39_500, [600_000, 400_000, 250_000]),
    },
    regions: [
      ['Norrland', '0601234568', ['Sundsvall', 'Umeå']],
      ['Mälardalen', '0211234567', ['Västerås', 'Örebro']],
    ] as const,
    prefix: 'Fjällbo',
  },
];

const DIRECTOR_APPROVAL_LIMIT_MINOR = 1_000_000;

/** The demo accounts (DEVELOPING.md lists them): e-mail, name, role, phone. */
const PEOPLE = {
  superAdmin: ['superadmin@example.com', 'Elin Ekström', 'super-admin', '0701112233'],
  admin: ['admin@example.com', 'Anders Berg', 'admin', '0702223344'],
  chainAdmin: ['chainadmin@example.com', 'Karin Lindqvist', 'chain-admin', '0703334455'],
  director: ['director@example.com', 'Johan Nilsson', 'regional-director', '0704445566'],
  storeManager: ['store@example.com', 'Maria Svensson', 'store-manager', '0705556677'],
  tech: ['tech@example.com', 'Mikko Virtanen', 'technician', '0406667788'],
  tech2: ['tech2@example.com', 'Lars Holm', 'technician', '0707778899'],
  chainAdmin2: ['chainadmin2@example.com', 'Anna Lehtonen', 'chain-admin', '0408889900'],
  storeManager2: ['store2@example.com', 'Liisa Korhonen', 'store-manager', '0409990011'],
} as const;
type People = Record<keyof typeof PEOPLE, number>;

/** A small manuals library: a folder or two per chain, each with a PDF. */
const LIBRARY: [chainIndex: number, title: string, subTitle: string, description: string, file: string][] = [
  [
    0,
    'Kyla och frys',
    'Manualer för kyldiskar och frysöar',
    'Felsökning och skötsel av kyl- och frysmöbler.',
    'kyldisk-manual.pdf',
  ],
  [
    0,
    'Brandskydd',
    'Rutiner och kontroller',
    'Egenkontroll av brandskydd, utrymningsvägar och larm.',
    'brandskydd-rutin.pdf',
  ],
  [1, 'Kylmälaitteet', 'Käyttöohjeet', 'Kylmäkalusteiden huolto-ohjeet ja vianetsintä.', 'kylmalaitteet-ohje.pdf'],
  [
    2,
    'Truckar och portar',
    'Säkerhet på lagret',
    'Daglig kontroll av truckar, lastportar och ramper.',
    'lager-sakerhet.pdf',
  ],
];

type StoreRow = { id: number; chainId: number; regionId: number | null; name: string; finnish: boolean };
interface Organisation {
  chainIds: number[];
  regionIds: number[];
  storeRows: StoreRow[];
}

/** Files written to storage so far: removed again if the seeding fails. */
type Written = string[];

async function seedWorkTypes(tx: Tx): Promise<number[]> {
  for (const [slug, en, sv, fi] of WORK_TYPES) {
    const [wt] = await tx.insert(workTypes).values({ slug, title: en }).returning({ id: workTypes.id });
    await tx.insert(workTypeTranslations).values([
      { workTypeId: wt.id, locale: 'en', title: en },
      { workTypeId: wt.id, locale: 'sv', title: sv },
      { workTypeId: wt.id, locale: 'fi', title: fi },
    ]);
  }
  return (await tx.select({ id: workTypes.id }).from(workTypes).orderBy(workTypes.id)).map((w) => w.id);
}

async function seedOncallLines(tx: Tx): Promise<void> {
  const ids = new Map(
    (await tx.select({ id: workTypes.id, slug: workTypes.slug }).from(workTypes)).map((w) => [w.slug, w.id]),
  );
  await tx
    .insert(oncallLines)
    .values(
      ONCALL_LINES.map(([city, slug, partner, phone]) => ({ city, workTypeId: ids.get(slug) ?? null, partner, phone })),
    );
  // The migrations write the row; a database migrated without it still gets one.
  await tx.insert(phoneInSettings).values({ id: 1, serviceDeskPhone: '070-174 06 05' }).onConflictDoNothing();
}

/** The three chains with their regions and stores (e-mails on the chain's domain). */
async function seedChainsAndStores(tx: Tx): Promise<Organisation> {
  const org: Organisation = { chainIds: [], regionIds: [], storeRows: [] };
  for (const spec of CHAINS) {
    const domain = spec.chain.email.split('@')[1];
    const [chain] = await tx.insert(chains).values(spec.chain).returning({ id: chains.id });
    org.chainIds.push(chain.id);
    for (const [regionName, regionPhone, storeNames] of spec.regions) {
      let regionId: number | null = null;
      if (regionName) {
        const [region] = await tx
          .insert(regions)
          .values({
            chainId: chain.id,
            regionName,
            phone: regionPhone ?? '',
            email: `${regionName.toLowerCase().replace(/[^a-z]/g, '')}@${domain}`,
            contactPerson: `Regionkontoret ${regionName}`,
          })
          .returning({ id: regions.id });
        regionId = region.id;
        org.regionIds.push(region.id);
      }
      for (const name of storeNames) {
        const [store] = await tx
          .insert(stores)
          .values({
            chainId: chain.id,
            regionId,
            storeName: `${spec.prefix} ${name}`,
            phone: `0${700000000 + org.storeRows.length * 1111}`,
            email: `${name.toLowerCase().replace(/[^a-z]/g, '')}@${domain}`,
            invoiceAddress: spec.chain.invoiceAddress,
            contactPerson: `Butikschef ${name}`,
            city: STORE_CITIES[name] ?? name,
            lat: STORE_POSITIONS[name]?.[0] ?? null,
            lng: STORE_POSITIONS[name]?.[1] ?? null,
          })
          .returning({ id: stores.id });
        org.storeRows.push({ id: store.id, chainId: chain.id, regionId, name, finnish: spec.prefix === 'Kotimarket' });
      }
    }
  }
  return org;
}

/** The demo accounts, bound to the first chain, region and store (and the second chain's first store). */
async function seedPeople(tx: Tx, org: Organisation): Promise<People> {
  const passwordHash = await hashPassword(DEMO_PASSWORD);
  const roleIds = Object.fromEntries(
    (await tx.select({ id: roles.id, slug: roles.slug }).from(roles)).map((r) => [r.slug, r.id]),
  );
  const people = {} as People;
  for (const [key, [email, name, role, phoneNo]] of Object.entries(PEOPLE)) {
    const [user] = await tx
      .insert(users)
      // The demo director approves quotes up to 10 000 kr; above that they go on to the chain-admin.
      .values({
        email,
        name,
        passwordHash,
        phoneNo,
        roleId: roleIds[role],
        approvalLimitMinor: key === 'director' ? DIRECTOR_APPROVAL_LIMIT_MINOR : null,
      })
      .returning({ id: users.id });
    people[key as keyof People] = user.id;
  }
  await tx.insert(userChains).values([
    { userId: people.chainAdmin, chainId: org.chainIds[0] },
    { userId: people.chainAdmin2, chainId: org.chainIds[1] },
  ]);
  await tx.insert(userRegions).values({ userId: people.director, regionId: org.regionIds[0] });
  const kotimarketStores = org.storeRows.filter((s) => s.chainId === org.chainIds[1]);
  await tx.insert(userStores).values([
    { userId: people.storeManager, storeId: org.storeRows[0].id },
    { userId: people.storeManager2, storeId: kotimarketStores[0].id },
  ]);
  return people;
}

/**
 * The equipment of every demo store: [Swedish name, Finnish name, work type slug, make, model, tag
 * suffix, years since installation, years of warranty, replacement value in minor units].
 */
const ASSETS: [
  sv: string,
  fi: string,
  slug: string,
  make: string,
  model: string,
  tag: string,
  age: number,
  warranty: number,
  value: number,
][] = [
  ['Frysö 1', 'Pakastealtaan 1', 'refrigeration', 'Carrier', 'Ultra 2400', 'FRZ-01', 1, 3, 8_500_000],
  ['Mejerikyl', 'Maitokaappi', 'refrigeration', 'Arneg', 'Osaka 3', 'CLR-01', 6, 2, 6_200_000],
  ['Entrédörr', 'Sisäänkäynnin ovi', 'locks-doors', 'Besam', 'SL500', 'DOOR-01', 4, 5, 4_200_000],
  ['Ventilationsaggregat', 'Ilmanvaihtokone', 'ventilation', 'Systemair', 'Topvex TR09', 'VENT-01', 9, 2, 12_000_000],
  ['Bake off-ugn', 'Paistouuni', 'electrical', 'Wiesheu', 'Ebo 64', 'OVEN-01', 2, 2, 3_900_000],
];

/** A store's code in its tags: the first three letters of its name, without accents (Södermalm: SOD). */
const storeCode = (name: string) =>
  name
    .normalize('NFD')
    .replace(/[^A-Za-z]/g, '')
    .slice(0, 3)
    .toUpperCase();

/** Five assets per store; answers, per store, the asset of each work type (the orders of that trade name it). */
async function seedAssets(tx: Tx, org: Organisation, people: People) {
  const ids = new Map(
    (await tx.select({ id: workTypes.id, slug: workTypes.slug }).from(workTypes)).map((w) => [w.slug, w.id]),
  );
  const year = new Date().getUTCFullYear();
  const byStore = new Map<number, Map<number, number>>();
  for (const store of org.storeRows) {
    const rows = await tx
      .insert(assets)
      .values(
        ASSETS.map(([sv, fi, slug, make, model, tag, age, warranty, value], i) => ({
          chainId: store.chainId,
          regionId: store.regionId,
          storeId: store.id,
          name: store.finnish ? fi : sv,
          workTypeId: ids.get(slug) as number,
          make,
          model,
          serial: `${make.slice(0, 2).toUpperCase()}-${String(store.id * 1000 + i).padStart(6, '0')}`,
          tag: `${storeCode(store.name)}-${tag}`,
          installedOn: `${year - age}-0${(i % 9) + 1}-15`,
          warrantyUntil: `${year - age + warranty}-0${(i % 9) + 1}-14`,
          replacementValueMinor: value,
          createdBy: people.admin,
        })),
      )
      .returning({ id: assets.id, workTypeId: assets.workTypeId });
    byStore.set(store.id, new Map(rows.reverse().map((row) => [row.workTypeId, row.id])));
  }
  return byStore;
}

const STATUS_CYCLE = ['pending', 'planned', 'confirmed', 'revisit-required', 'completed'];
/** What the technician wrote when completing an order. */
const RESOLUTIONS = [
  'Bytte termostat och fläktmotor. Temperaturen stabil på +3 °C efter en timme.',
  'Tätade läckande koppling under diskbänken och torkade upp. Inget nytt läckage efter provkörning.',
  'Vaihdettu palanut kontaktori ja tarkistettu kytkennät. Laite toimii normaalisti.',
];
const PRIORITY_CYCLE: Priority[] = [10, 20, 30];

/** 40 orders in every status, each with the history, chat and documents an order in that state would have. */
async function seedOrders(
  tx: Tx,
  org: Organisation,
  people: People,
  workTypeIds: number[],
  assetIds: Map<number, Map<number, number>>,
  storage: Storage | undefined,
  written: Written,
) {
  const statusIds = Object.fromEntries(
    (await tx.select({ id: orderStatuses.id, slug: orderStatuses.slug }).from(orderStatuses)).map((s) => [
      s.slug,
      s.id,
    ]),
  );
  const { storeRows } = org;
  const creators = [people.storeManager, people.chainAdmin, people.director, people.admin, people.superAdmin];
  const now = Date.now();
  // The first store (the demo store manager's) gets the most.
  for (let i = 0; i < 40; i++) {
    const store = i < 12 ? storeRows[i % 3] : storeRows[i % storeRows.length];
    // A rejected order stops where it was: pending, with nobody sent (api-contract "Workflow rules").
    const approval = i % 7 === 6 ? 'rejected' : i % 5 === 0 ? 'pending' : 'approved';
    const status = approval === 'rejected' ? 'pending' : STATUS_CYCLE[i % STATUS_CYCLE.length];
    const priority = PRIORITY_CYCLE[i % 3];
    const createdAt = new Date(now - (40 - i) * 26 * 3600_000);
    const at = (hours: number) => new Date(createdAt.getTime() + hours * 3600_000);
    const assigned =
      approval === 'rejected' || (status === 'pending' && i % 2 === 0)
        ? null
        : i % 4 === 0
          ? people.tech2
          : people.tech;
    const creator = creators[i % creators.length];
    const workTypeId = workTypeIds[i % workTypeIds.length];
    const [order] = await tx
      .insert(orders)
      .values({
        description: DESCRIPTIONS[i % DESCRIPTIONS.length],
        workTypeId,
        // The store's equipment of that trade, where it has one.
        assetId: assetIds.get(store.id)?.get(workTypeId) ?? null,
        priority,
        chainId: store.chainId,
        regionId: store.regionId,
        storeId: store.id,
        createdBy: creator,
        approvalStatus: approval,
        approvalStatusDate: i % 5 === 0 ? null : at(1),
        statusId: statusIds[status],
        technicianId: assigned,
        plannedAt: status === 'planned' || status === 'revisit-required' ? at(3 * 24) : null,
        completedAt: status === 'completed' ? at(4 * 24) : null,
        resolution: status === 'completed' ? RESOLUTIONS[i % RESOLUTIONS.length] : null,
        dueAt: at(PRIORITY_DUE_HOURS[priority]),
        createdAt,
        updatedAt: createdAt,
      })
      .returning({ id: orders.id, projectNumber: orders.projectNumber });

    // The history a real order of this state would have: created, approved, assigned, moved on.
    const history: (typeof orderEvents.$inferInsert)[] = [
      { orderId: order.id, userId: creator, field: 'created', toValue: String(order.projectNumber), createdAt },
    ];
    if (approval !== 'pending') {
      history.push({
        orderId: order.id,
        userId: people.chainAdmin,
        field: 'approval_status',
        fromValue: 'pending',
        toValue: approval,
        createdAt: at(1),
      });
    }
    if (assigned) {
      const techName = assigned === people.tech ? PEOPLE.tech[1] : PEOPLE.tech2[1];
      history.push({
        orderId: order.id,
        userId: people.admin,
        field: 'technician',
        toValue: techName,
        createdAt: at(2),
      });
    }
    if (status !== 'pending') {
      history.push({
        orderId: order.id,
        userId: assigned ?? people.admin,
        field: 'status',
        fromValue: 'pending',
        toValue: status,
        createdAt: at(20),
      });
    }
    if (status === 'completed') {
      history.push({
        orderId: order.id,
        userId: assigned ?? people.admin,
        field: 'resolution',
        toValue: RESOLUTIONS[i % RESOLUTIONS.length],
        createdAt: at(20),
      });
    }
    await tx.insert(orderEvents).values(history);

    if (i % 3 === 0) {
      await tx.insert(chatMessages).values([
        {
          orderId: order.id,
          senderId: creator,
          body: 'Hej! Kan ni komma så snart som möjligt? Kunderna märker det.',
          createdAt: new Date(createdAt.getTime() + 600_000),
        },
        {
          orderId: order.id,
          senderId: assigned ?? people.admin,
          body: 'Thanks, we have it on the list. I will call the store before I come.',
          createdAt: at(3),
        },
      ]);
    }
    if (storage && i % 4 === 0) {
      const png = solidPng(64, 48, [40 + i * 5, 120, 200 - i * 3]);
      const pngKey = await storage.put(png, 'png');
      written.push(pngKey);
      const pdf = simplePdf(`Service report, order ${i + 1}`);
      const pdfKey = await storage.put(pdf, 'pdf');
      written.push(pdfKey);
      await tx.insert(orderDocuments).values([
        {
          orderId: order.id,
          uploadedBy: creator,
          name: 'photo.png',
          storageKey: pngKey,
          mimeType: 'image/png',
          sizeBytes: png.length,
        },
        {
          orderId: order.id,
          uploadedBy: creator,
          name: 'report.pdf',
          storageKey: pdfKey,
          mimeType: 'application/pdf',
          sizeBytes: pdf.length,
        },
      ]);
    }
  }
}

async function seedLibrary(tx: Tx, org: Organisation, people: People, storage: Storage, written: Written) {
  for (const [chainIndex, title, subTitle, description, file] of LIBRARY) {
    const [category] = await tx
      .insert(fileCategories)
      .values({ chainId: org.chainIds[chainIndex], title, subTitle, description })
      .returning({ id: fileCategories.id });
    const pdf = simplePdf(title);
    const key = await storage.put(pdf, 'pdf');
    written.push(key);
    await tx.insert(categoryFiles).values({
      categoryId: category.id,
      uploadedBy: people.superAdmin,
      name: file,
      storageKey: key,
      mimeType: 'application/pdf',
      sizeBytes: pdf.length,
    });
  }
}

/**
 * Maintenance plans of the first two chains: quarterly refrigeration service of the demo store (seen by
 * its chain-admin, director and store manager), the fire doors of every store of the first chain each
 * month, and the Finnish chain's ventilation filters spring and autumn. They start on the first day of
 * the month after next, so no order is due for weeks (the generator works out when: `next_run_at`
 * now lets it look at once).
 */
async function seedPlans(tx: Tx, org: Organisation, people: People) {
  const slugs = new Map(
    (await tx.select({ id: workTypes.id, slug: workTypes.slug }).from(workTypes)).map((w) => [w.slug, w.id]),
  );
  const today = new Date();
  const start = new Date(Date.UTC(today.getUTCFullYear(), today.getUTCMonth() + 2, 1)).toISOString().slice(0, 10);
  const yesterday = new Date(today.getTime() - 86_400_000).toISOString().slice(0, 10);
  const [first, second] = org.chainIds;
  const firstStores = org.storeRows.filter((s) => s.chainId === first);
  const secondStores = org.storeRows.filter((s) => s.chainId === second);
  const specs = [
    {
      chainId: first,
      title: 'Kylservice varje kvartal',
      description: 'Rengör kondensorer, kontrollera köldmedium och larmgränser.',
      slug: 'refrigeration',
      storeIds: [org.storeRows[0].id],
      rule: { freq: 'monthly', interval: 3, monthDay: -1 },
      leadDays: 14,
      ifPreviousOpen: 'skip',
      createdBy: people.chainAdmin,
    },
    {
      chainId: first,
      title: 'Branddörrar: månadskontroll',
      description: 'Kontrollera att branddörrarna stänger och att dörrstängarna är hela.',
      slug: 'locks-doors',
      storeIds: firstStores.map((s) => s.id),
      rule: { freq: 'monthly', interval: 1, monthDay: 15 },
      leadDays: 7,
      ifPreviousOpen: 'create',
      createdBy: people.chainAdmin,
    },
    {
      chainId: second,
      title: 'Ilmanvaihdon suodattimet keväällä ja syksyllä',
      description: 'Vaihda ilmanvaihtokoneen suodattimet.',
      slug: 'ventilation',
      storeIds: secondStores.map((s) => s.id),
      rule: { freq: 'monthly', interval: 6, monthDay: 1 },
      leadDays: 14,
      ifPreviousOpen: 'create',
      createdBy: people.chainAdmin2,
    },
  ] as const;
  for (const spec of specs) {
    const workTypeId = slugs.get(spec.slug) ?? (slugs.values().next().value as number);
    const [plan] = await tx
      .insert(plans)
      .values({
        chainId: spec.chainId,
        title: spec.title,
        description: spec.description,
        workTypeId,
        priority: 30,
        targetKind: 'stores',
        freq: spec.rule.freq,
        interval: spec.rule.interval,
        monthDay: spec.rule.monthDay,
        startsOn: start,
        leadDays: spec.leadDays,
        ifPreviousOpen: spec.ifPreviousOpen,
        generatedUntil: yesterday,
        nextRunAt: today,
        createdBy: spec.createdBy,
      })
      .returning({ id: plans.id });
    await tx
      .insert(planTargets)
      .values(spec.storeIds.map((storeId) => ({ planId: plan.id, targetId: storeId, storeId })));
  }
}

/** Demo data for trials (api-contract "Demo data and accounts"). Only on an empty database. */
export async function seedDemo(db: Db, storage?: Storage): Promise<void> {
  await seedReference(db);
  const { rows } = await db.execute<{ n: number }>(sql`select count(*)::int as n from users`);
  if (rows[0].n > 0) return;

  const written: Written = [];
  try {
    await db.transaction(async (tx) => {
      const workTypeIds = await seedWorkTypes(tx);
      await seedOncallLines(tx);
      const org = await seedChainsAndStores(tx);
      const people = await seedPeople(tx, org);
      const assetIds = await seedAssets(tx, org, people);
      await seedOrders(tx, org, people, workTypeIds, assetIds, storage, written);
      await seedPlans(tx, org, people);
      if (storage) await seedLibrary(tx, org, people, storage, written);
    });
  } catch (error) {
    if (storage) await Promise.all(written.map((key) => storage.remove(key)));
    throw error;
  }
}
