/**
 * The demo checkup pools: what a head vet would ask owners between visits. Each option is
 * `[title, problematic]`; a problematic option is one a vet would want to hear about within a day or two.
 */
export type DemoOption = readonly [title: string, problematic: boolean];
export interface DemoQuestion {
  title: string;
  options: readonly DemoOption[];
}
export interface DemoGroup {
  title: string;
  questions: readonly DemoQuestion[];
}
export interface DemoPool {
  key: 'cardiac' | 'skin' | 'senior' | 'postOp' | 'weight' | 'monthly';
  id: string;
  title: string;
  sku: string;
  groups: readonly DemoGroup[];
  /** A question the first version did not have yet: checkups sent before it was added keep version 1. */
  addedInVersion2?: { group: number; question: DemoQuestion };
}

const ok = (title: string): DemoOption => [title, false];
const bad = (title: string): DemoOption => [title, true];

/** Fixed ids, so docs and browser tests can point at them. */
export const DEMO_POOL_IDS = {
  cardiac: '0190b3c2-4e5a-7a01-8c11-000000000031',
  skin: '0190b3c2-4e5a-7a01-8c11-000000000032',
  senior: '0190b3c2-4e5a-7a01-8c11-000000000033',
  postOp: '0190b3c2-4e5a-7a01-8c11-000000000034',
  weight: '0190b3c2-4e5a-7a01-8c11-000000000035',
  monthly: '0190b3c2-4e5a-7a01-8c11-000000000036',
} as const;

/** The question titles Luna's cardiac answers name (kept in one place for the seed and its test). */
export const CARDIAC_QUESTIONS = {
  breathingAsleep: 'Is your pet breathing faster than usual while asleep?',
  sleepingRate: 'Sleeping breaths you counted in one minute',
  cough: 'Has your pet been coughing?',
  walks: 'How is your pet’s energy on walks?',
  collapse: 'Has your pet fainted or collapsed?',
  medication: 'Is your pet getting every dose of their heart medication?',
  appetite: 'How is your pet’s appetite?',
} as const;

export const DEMO_POOLS: readonly DemoPool[] = [
  {
    key: 'cardiac',
    id: DEMO_POOL_IDS.cardiac,
    title: 'Cardiac follow-up',
    sku: 'cardiac_follow_up',
    groups: [
      {
        title: 'Breathing',
        questions: [
          {
            title: CARDIAC_QUESTIONS.breathingAsleep,
            options: [
              ok('No, the same as usual'),
              bad('A little faster'),
              bad('Much faster, or with effort'),
            ],
          },
          {
            title: CARDIAC_QUESTIONS.sleepingRate,
            options: [ok('Under 30'), bad('30 to 40'), bad('Over 40'), ok('I could not count them')],
          },
        ],
      },
      {
        title: 'Coughing and fainting',
        questions: [
          {
            title: CARDIAC_QUESTIONS.cough,
            options: [
              ok('No'),
              ok('Only when excited or pulling on the lead'),
              bad('At night or when lying down'),
              bad('Day and night'),
            ],
          },
          { title: CARDIAC_QUESTIONS.collapse, options: [ok('No'), bad('Yes')] },
        ],
      },
      {
        title: 'Energy, appetite and medication',
        questions: [
          {
            title: CARDIAC_QUESTIONS.walks,
            options: [ok('As usual'), ok('Tires a little sooner'), bad('Stops, lies down or will not walk')],
          },
          {
            title: CARDIAC_QUESTIONS.appetite,
            options: [ok('Normal'), ok('A little picky'), bad('Eating much less or not at all')],
          },
          {
            title: CARDIAC_QUESTIONS.medication,
            options: [ok('Yes, every dose'), ok('Missed one or two doses'), bad('Missed several days')],
          },
        ],
      },
    ],
  },
  {
    key: 'skin',
    id: DEMO_POOL_IDS.skin,
    title: 'Skin and itch',
    sku: 'skin_and_itch',
    groups: [
      {
        title: 'Itching',
        questions: [
          {
            title: 'How much is your pet scratching, licking or chewing?',
            options: [
              ok('Not at all'),
              ok('Occasionally'),
              ok('Often, but it settles'),
              bad('Constantly, even waking up to scratch'),
            ],
          },
          {
            title: 'Where is the itch worst?',
            options: [
              ok('Ears'),
              ok('Paws'),
              ok('Belly or armpits'),
              ok('Back or base of the tail'),
              ok('All over'),
            ],
          },
          {
            title: 'Is the itch better since the last treatment?',
            options: [ok('Better'), ok('About the same'), bad('Worse')],
          },
        ],
      },
      {
        title: 'Skin and ears',
        questions: [
          {
            title: 'Any redness, spots or scabs?',
            options: [ok('No'), ok('A few, not spreading'), bad('Spreading, weeping or bleeding')],
          },
          {
            title: 'Any hair loss?',
            options: [ok('No'), ok('Small patches'), bad('Large or growing patches')],
          },
          {
            title: 'Head shaking or a smell from the ears?',
            options: [ok('No'), bad('Yes')],
          },
        ],
      },
      {
        title: 'Parasite control',
        questions: [
          {
            title: 'Was this month’s flea treatment given?',
            options: [ok('Yes'), bad('No'), ok('Not sure')],
          },
        ],
      },
    ],
  },
  {
    key: 'senior',
    id: DEMO_POOL_IDS.senior,
    title: 'Senior wellbeing',
    sku: 'senior_wellbeing',
    groups: [
      {
        title: 'Mobility',
        questions: [
          {
            title: 'How easily does your pet get up after resting?',
            options: [ok('Easily'), ok('Slowly or stiffly'), bad('Struggles or needs help')],
          },
          {
            title: 'Stairs, the car or the sofa: how does your pet manage?',
            options: [ok('As before'), ok('Hesitates'), bad('Avoids them now')],
          },
        ],
      },
      {
        title: 'Eating and drinking',
        questions: [
          {
            title: 'How much is your pet drinking compared with usual?',
            options: [ok('The same'), ok('A little more'), bad('Much more: the bowl is often empty')],
          },
          {
            title: 'Any change in weight you have noticed?',
            options: [ok('None'), ok('Gaining'), bad('Losing')],
          },
        ],
      },
      {
        title: 'Behaviour and sleep',
        questions: [
          {
            title: 'Is your pet restless or pacing at night?',
            options: [ok('No'), ok('Sometimes'), bad('Most nights')],
          },
          {
            title: 'Any confusion, such as getting stuck in corners or not knowing familiar people?',
            options: [ok('No'), bad('Yes')],
          },
          {
            title: 'Toilet accidents indoors?',
            options: [ok('None'), ok('Once or twice'), bad('Regularly')],
          },
        ],
      },
    ],
  },
  {
    key: 'postOp',
    id: DEMO_POOL_IDS.postOp,
    title: 'Post-operative recovery',
    sku: 'post_operative_recovery',
    groups: [
      {
        title: 'The wound',
        questions: [
          {
            title: 'How does the wound look?',
            options: [
              ok('Clean and dry'),
              ok('A little red at the edges'),
              bad('Swollen, discharging or open'),
            ],
          },
          {
            title: 'Is your pet licking or chewing the wound?',
            options: [ok('No, the cone stays on'), ok('Sometimes'), bad('Yes, often')],
          },
        ],
      },
      {
        title: 'Comfort',
        questions: [
          {
            title: 'Signs of pain, such as whining, hiding or not wanting to be touched?',
            options: [ok('None'), ok('Mild'), bad('Marked')],
          },
          {
            title: 'Is the pain relief given as prescribed?',
            options: [ok('Yes'), ok('One dose missed'), bad('No')],
          },
        ],
      },
      {
        title: 'Eating and toileting',
        questions: [
          {
            title: 'Is your pet eating since the operation?',
            options: [ok('Normally'), ok('Less than usual'), bad('Not at all')],
          },
          {
            title: 'Any vomiting?',
            options: [ok('No'), ok('Once'), bad('More than once')],
          },
          {
            title: 'Has your pet passed urine and stools?',
            options: [ok('Both, normally'), ok('Urine only so far'), bad('Neither, or straining')],
          },
        ],
      },
    ],
  },
  {
    key: 'weight',
    id: DEMO_POOL_IDS.weight,
    title: 'Weight programme',
    sku: 'weight_programme',
    groups: [
      {
        title: 'Feeding',
        questions: [
          {
            title: 'Are you weighing each meal?',
            options: [ok('Yes, every meal'), ok('Most meals'), ok('No, by eye')],
          },
          {
            title: 'Treats or table scraps this week?',
            options: [ok('None'), ok('A few, counted in the daily amount'), bad('Quite a lot')],
          },
          {
            title: 'Is your pet begging or scavenging?',
            options: [ok('No more than usual'), ok('A little more'), bad('Constantly, stealing food')],
          },
        ],
      },
      {
        title: 'Activity and progress',
        questions: [
          {
            title: 'Exercise each day this week?',
            options: [ok('Over an hour'), ok('30 to 60 minutes'), bad('Under 30 minutes')],
          },
          {
            title: 'At the last weigh-in, the weight was…',
            options: [ok('Lower than before'), ok('The same'), bad('Higher than before')],
          },
          {
            title: 'Breathless or tired on walks?',
            options: [ok('No'), ok('Sometimes'), bad('Often')],
          },
        ],
      },
    ],
  },
  {
    key: 'monthly',
    id: DEMO_POOL_IDS.monthly,
    title: 'Monthly wellbeing',
    sku: 'monthly_wellbeing',
    groups: [
      {
        title: 'In general',
        questions: [
          {
            title: 'Overall, how has your pet been this month?',
            options: [ok('Great'), ok('Fine'), bad('Not themselves')],
          },
          {
            title: 'Energy and play?',
            options: [ok('As usual'), ok('A bit quieter'), bad('Lethargic most days')],
          },
        ],
      },
      {
        title: 'Eating and digestion',
        questions: [
          {
            title: 'Appetite?',
            options: [ok('Normal'), ok('Eating a little less'), bad('Refusing food')],
          },
          {
            title: 'Vomiting or diarrhoea?',
            options: [ok('None'), ok('Once or twice'), bad('Several times a week')],
          },
        ],
      },
      {
        title: 'Body',
        questions: [
          {
            title: 'Lumps, limping or sore spots?',
            options: [ok('None noticed'), bad('Something new')],
          },
        ],
      },
    ],
    addedInVersion2: {
      group: 2,
      question: {
        title: 'Teeth and breath?',
        options: [ok('Fine'), ok('Bad breath'), bad('Pain when eating, or drooling')],
      },
    },
  },
];

/** What the reviewing vet writes, by pool: for checkups with nothing worrying, then for problematic ones. */
export const REVIEW_COMMENTS: Record<
  DemoPool['key'],
  { fine: readonly string[]; problematic: readonly string[] }
> = {
  cardiac: {
    fine: [
      'Sleeping breathing under 30 and no cough: stable on the current medication. Keep counting twice a week.',
      'All good. Next echocardiogram as planned; keep the low-sodium diet.',
      'Stable. Reminded the owner to count sleeping breaths, not resting ones.',
    ],
    problematic: [
      'Rising sleeping breath rate with a night cough: called the owner, booked a recheck and chest X-rays within 48 h.',
      'Possible early congestive failure. Owner to give the rescue furosemide dose and come in today.',
      'Spoke to the owner: the faster breathing was after a hot walk. Recount tonight and send a video if still above 30.',
    ],
  },
  skin: {
    fine: [
      'Itch controlled. Continue the current treatment and monthly flea prevention.',
      'Improving well. Keep the elimination diet going for the full eight weeks.',
    ],
    problematic: [
      'Flare-up: started a short course of oclacitinib, recheck in two weeks; owner to send photos.',
      'Weeping patches: likely secondary infection. Booked a skin cytology appointment.',
      'Ear smell and head shaking: ear exam this week. Owner asked not to clean the ears before the visit.',
    ],
  },
  senior: {
    fine: [
      'Ageing gracefully. Annual senior bloods due next month.',
      'Some stiffness, expected. Joint supplement and shorter, more frequent walks.',
    ],
    problematic: [
      'More drinking and weight loss: booked bloods and a urine sample to rule out kidney disease and diabetes.',
      'Night pacing and confusion suggest cognitive dysfunction: consult booked to discuss options.',
      'Struggling to get up: pain review and a trial of an NSAID after bloods.',
    ],
  },
  postOp: {
    fine: [
      'Healing well. Sutures out at the 10-day check.',
      'Good recovery. Keep the cone on until the stitches are out.',
    ],
    problematic: [
      'Discharging wound: owner sent photos, booked a wound check today and started antibiotics.',
      'Not eating and vomiting since surgery: called the owner in for an exam this afternoon.',
    ],
  },
  weight: {
    fine: [
      'On track: about 1% a week. Keep the same daily amount.',
      'Good progress. Next weigh-in in two weeks.',
    ],
    problematic: [
      'Weight up again: went through the treats with the owner and cut the daily amount by 10%.',
      'Scavenging a lot: switched to a high-fibre diet and a slow feeder.',
    ],
  },
  monthly: {
    fine: [
      'All well this month.',
      'Nothing of concern. Vaccinations due in the spring.',
      'Happy and healthy: no action needed.',
    ],
    problematic: [
      'Lethargy and poor appetite: called the owner, booked a consultation tomorrow.',
      'New lump noticed: asked the owner to measure it and booked a fine-needle aspirate.',
      'Repeated diarrhoea: bland diet for three days, faecal sample requested.',
    ],
  },
};
