import { PRIORITY_DUE_HOURS, type Priority } from '@wop/shared/constants';
import { sql } from 'drizzle-orm';
import { hashPassword } from '../lib/password.ts';
import type { Storage } from '../lib/storage.ts';
import type { Db, Tx } from './client.ts';
import {
  categoryFiles,
  chains,
  chatMessages,
  fileCategories,
  orderDocuments,
  orderEvents,
  orderStatuses,
  orders,
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

/** Demo data for trials (api-contract "Demo data and accounts"). Only on an empty database. */
export async function seedDemo(db: Db, storage?: Storage): Promise<void> {
  await seedReference(db);
  const { rows } = await db.execute<{ n: number }>(sql`select count(*)::int as n from users`);
  if (rows[0].n > 0) return;

  const passwordHash = await hashPassword(DEMO_PASSWORD);
  const files: string[] = [];
  try {
    await db.transaction(async (tx) => {
      const roleIds = Object.fromEntries(
        (await tx.select({ id: roles.id, slug: roles.slug }).from(roles)).map((r) => [r.slug, r.id]),
      );
      for (const [slug, en, sv, fi] of WORK_TYPES) {
        const [wt] = await tx.insert(workTypes).values({ slug, title: en }).returning({ id: workTypes.id });
        await tx.insert(workTypeTranslations).values([
          { workTypeId: wt.id, locale: 'en', title: en },
          { workTypeId: wt.id, locale: 'sv', title: sv },
          { workTypeId: wt.id, locale: 'fi', title: fi },
        ]);
      }
      const workTypeIds = (await tx.select({ id: workTypes.id }).from(workTypes).orderBy(workTypes.id)).map(
        (w) => w.id,
      );

      const chainSpecs = [
        {
          chain: {
            chainName: 'Norrgården Livs',
            phone: '0812345670',
            email: 'fastighet@norrgarden.example',
            invoiceAddress: 'Box 1234, 111 22 Stockholm',
            contactPerson: 'Karin Lindqvist',
            hasRegion: true,
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
          },
          regions: [
            ['Norrland', '0601234568', ['Sundsvall', 'Umeå']],
            ['Mälardalen', '0211234567', ['Västerås', 'Örebro']],
          ] as const,
          prefix: 'Fjällbo',
        },
      ];

      const storeRows: { id: number; chainId: number; regionId: number | null }[] = [];
      const chainIds: number[] = [];
      const regionIds: number[] = [];
      for (const spec of chainSpecs) {
        const [chain] = await tx.insert(chains).values(spec.chain).returning({ id: chains.id });
        chainIds.push(chain.id);
        for (const [regionName, regionPhone, storeNames] of spec.regions) {
          let regionId: number | null = null;
          if (regionName) {
            const [region] = await tx
              .insert(regions)
              .values({
                chainId: chain.id,
                regionName,
                phone: regionPhone ?? '',
                email: `${regionName.toLowerCase().replace(/[^a-z]/g, '')}@${spec.chain.email.split('@')[1]}`,
                contactPerson: `Regionkontoret ${regionName}`,
              })
              .returning({ id: regions.id });
            regionId = region.id;
            regionIds.push(region.id);
          }
          for (const name of storeNames) {
            const [store] = await tx
              .insert(stores)
              .values({
                chainId: chain.id,
                regionId,
                storeName: `${spec.prefix} ${name}`,
                phone: `0${700000000 + storeRows.length * 1111}`,
                email: `${name.toLowerCase().replace(/[^a-z]/g, '')}@${spec.chain.email.split('@')[1]}`,
                invoiceAddress: spec.chain.invoiceAddress,
                contactPerson: `Butikschef ${name}`,
              })
              .returning({ id: stores.id });
            storeRows.push({ id: store.id, chainId: chain.id, regionId });
          }
        }
      }

      const person = async (email: string, name: string, role: string, phoneNo: string) => {
        const [user] = await tx
          .insert(users)
          .values({ email, name, passwordHash, phoneNo, roleId: roleIds[role] })
          .returning({ id: users.id });
        return user.id;
      };
      const superAdmin = await person('superadmin@example.com', 'Elin Ekström', 'super-admin', '0701112233');
      const admin = await person('admin@example.com', 'Anders Berg', 'admin', '0702223344');
      const chainAdmin = await person('chainadmin@example.com', 'Karin Lindqvist', 'chain-admin', '0703334455');
      const director = await person('director@example.com', 'Johan Nilsson', 'regional-director', '0704445566');
      const storeManager = await person('store@example.com', 'Maria Svensson', 'store-manager', '0705556677');
      const tech = await person('tech@example.com', 'Mikko Virtanen', 'technician', '0406667788');
      const tech2 = await person('tech2@example.com', 'Lars Holm', 'technician', '0707778899');
      const chainAdmin2 = await person('chainadmin2@example.com', 'Anna Lehtonen', 'chain-admin', '0408889900');
      const storeManager2 = await person('store2@example.com', 'Liisa Korhonen', 'store-manager', '0409990011');
      await tx.insert(userChains).values([
        { userId: chainAdmin, chainId: chainIds[0] },
        { userId: chainAdmin2, chainId: chainIds[1] },
      ]);
      await tx.insert(userRegions).values({ userId: director, regionId: regionIds[0] });
      const kotimarketStores = storeRows.filter((s) => s.chainId === chainIds[1]);
      await tx.insert(userStores).values([
        { userId: storeManager, storeId: storeRows[0].id },
        { userId: storeManager2, storeId: kotimarketStores[0].id },
      ]);

      const statusIds = Object.fromEntries(
        (await tx.select({ id: orderStatuses.id, slug: orderStatuses.slug }).from(orderStatuses)).map((s) => [
          s.slug,
          s.id,
        ]),
      );
      const statusCycle = ['pending', 'planned', 'confirmed', 'revisit-required', 'completed'];
      const prios: Priority[] = [10, 20, 30];
      const creators = [storeManager, chainAdmin, director, admin, superAdmin];
      const now = Date.now();
      // Orders in every status; the first store (the demo store manager's) gets the most.
      for (let i = 0; i < 40; i++) {
        const store = i < 12 ? storeRows[i % 3] : storeRows[i % storeRows.length];
        const status = statusCycle[i % statusCycle.length];
        const priority = prios[i % 3];
        const createdAt = new Date(now - (40 - i) * 26 * 3600_000);
        const assigned = status === 'pending' && i % 2 === 0 ? null : i % 4 === 0 ? tech2 : tech;
        const [order] = await tx
          .insert(orders)
          .values({
            description: DESCRIPTIONS[i % DESCRIPTIONS.length],
            workTypeId: workTypeIds[i % workTypeIds.length],
            priority,
            chainId: store.chainId,
            regionId: store.regionId,
            storeId: store.id,
            createdBy: creators[i % creators.length],
            approvalStatus: i % 7 === 6 ? 'rejected' : i % 5 === 0 ? 'pending' : 'approved',
            approvalStatusDate: i % 5 === 0 ? null : new Date(createdAt.getTime() + 3600_000),
            statusId: statusIds[status],
            technicianId: assigned,
            plannedAt:
              status === 'planned' || status === 'revisit-required'
                ? new Date(createdAt.getTime() + 3 * 86400_000)
                : null,
            completedAt: status === 'completed' ? new Date(createdAt.getTime() + 4 * 86400_000) : null,
            dueAt: new Date(createdAt.getTime() + PRIORITY_DUE_HOURS[priority] * 3600_000),
            createdAt,
            updatedAt: createdAt,
          })
          .returning({ id: orders.id, projectNumber: orders.projectNumber });
        // The history a real order of this state would have: created, approved, assigned, moved on.
        const at = (hours: number) => new Date(createdAt.getTime() + hours * 3600_000);
        const creator = creators[i % creators.length];
        const approval = i % 7 === 6 ? 'rejected' : i % 5 === 0 ? 'pending' : 'approved';
        const history: (typeof orderEvents.$inferInsert)[] = [
          { orderId: order.id, userId: creator, field: 'created', toValue: String(order.projectNumber), createdAt },
        ];
        if (approval !== 'pending') {
          history.push({
            orderId: order.id,
            userId: chainAdmin,
            field: 'approval_status',
            fromValue: 'pending',
            toValue: approval,
            createdAt: at(1),
          });
        }
        if (assigned) {
          const techName = assigned === tech ? 'Mikko Virtanen' : 'Lars Holm';
          history.push({ orderId: order.id, userId: admin, field: 'technician', toValue: techName, createdAt: at(2) });
        }
        if (status !== 'pending') {
          history.push({
            orderId: order.id,
            userId: assigned ?? admin,
            field: 'status',
            fromValue: 'pending',
            toValue: status,
            createdAt: at(20),
          });
        }
        await tx.insert(orderEvents).values(history);
        if (i % 3 === 0) {
          await tx.insert(chatMessages).values([
            {
              orderId: order.id,
              senderId: creators[i % creators.length],
              body: 'Hej! Kan ni komma så snart som möjligt? Kunderna märker det.',
              createdAt: new Date(createdAt.getTime() + 600_000),
            },
            {
              orderId: order.id,
              senderId: assigned ?? admin,
              body: 'Thanks, we have it on the list. I will call the store before I come.',
              createdAt: new Date(createdAt.getTime() + 3 * 3600_000),
            },
          ]);
        }
        if (storage && i % 4 === 0) {
          const png = solidPng(64, 48, [40 + i * 5, 120, 200 - i * 3]);
          const pngKey = await storage.put(png, 'png');
          files.push(pngKey);
          const pdf = simplePdf(`Service report, order ${i + 1}`);
          const pdfKey = await storage.put(pdf, 'pdf');
          files.push(pdfKey);
          await tx.insert(orderDocuments).values([
            {
              orderId: order.id,
              uploadedBy: creators[i % creators.length],
              name: 'photo.png',
              storageKey: pngKey,
              mimeType: 'image/png',
              sizeBytes: png.length,
            },
            {
              orderId: order.id,
              uploadedBy: creators[i % creators.length],
              name: 'report.pdf',
              storageKey: pdfKey,
              mimeType: 'application/pdf',
              sizeBytes: pdf.length,
            },
          ]);
        }
      }

      // A small manuals library: a folder or two per chain, each with a PDF.
      if (storage) {
        const folders: [chainIndex: number, title: string, subTitle: string, description: string, file: string][] = [
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
          [
            1,
            'Kylmälaitteet',
            'Käyttöohjeet',
            'Kylmäkalusteiden huolto-ohjeet ja vianetsintä.',
            'kylmalaitteet-ohje.pdf',
          ],
          [
            2,
            'Truckar och portar',
            'Säkerhet på lagret',
            'Daglig kontroll av truckar, lastportar och ramper.',
            'lager-sakerhet.pdf',
          ],
        ];
        for (const [chainIndex, title, subTitle, description, file] of folders) {
          const [category] = await tx
            .insert(fileCategories)
            .values({ chainId: chainIds[chainIndex], title, subTitle, description })
            .returning({ id: fileCategories.id });
          const pdf = simplePdf(title);
          const key = await storage.put(pdf, 'pdf');
          files.push(key);
          await tx.insert(categoryFiles).values({
            categoryId: category.id,
            uploadedBy: superAdmin,
            name: file,
            storageKey: key,
            mimeType: 'application/pdf',
            sizeBytes: pdf.length,
          });
        }
      }
    });
  } catch (error) {
    if (storage) await Promise.all(files.map((key) => storage.remove(key)));
    throw error;
  }
}
