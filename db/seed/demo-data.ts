// Word lists for realistic demo sellers. Names and places are common Indian ones, not real people.
export const FIRST_NAMES = [
  "Aarti",
  "Ananya",
  "Anjali",
  "Bhavana",
  "Deepa",
  "Divya",
  "Gayatri",
  "Harini",
  "Isha",
  "Jyoti",
  "Kavya",
  "Lakshmi",
  "Meera",
  "Neha",
  "Nandini",
  "Pooja",
  "Priya",
  "Radha",
  "Rekha",
  "Sakshi",
  "Shalini",
  "Sneha",
  "Sunita",
  "Swati",
  "Tanvi",
  "Uma",
  "Vaishnavi",
  "Vidya",
  "Yamini",
  "Zoya",
  "Fatima",
  "Ayesha",
  "Roshni",
  "Kiran",
  "Farah",
  "Sangeeta",
  "Malini",
  "Padma",
  "Revathi",
  "Shruti",
];
export const LAST_NAMES = [
  "Sharma",
  "Iyer",
  "Reddy",
  "Nair",
  "Menon",
  "Rao",
  "Gupta",
  "Patel",
  "Desai",
  "Kulkarni",
  "Joshi",
  "Banerjee",
  "Chatterjee",
  "Mukherjee",
  "Singh",
  "Kapoor",
  "Mehta",
  "Shah",
  "Pillai",
  "Krishnan",
  "Hegde",
  "Shetty",
  "Khan",
  "Fernandes",
  "D'Souza",
  "Bhat",
  "Agarwal",
  "Verma",
  "Das",
  "Ghosh",
];
export const LOCALITIES: Record<string, string[]> = {
  Bangalore: [
    "Indiranagar",
    "Koramangala",
    "Jayanagar",
    "HSR Layout",
    "Whitefield",
    "Malleshwaram",
    "JP Nagar",
    "Basavanagudi",
    "Hebbal",
    "Electronic City",
  ],
  Mumbai: ["Bandra", "Andheri", "Powai", "Dadar", "Colaba", "Juhu", "Thane", "Borivali", "Chembur"],
  Delhi: ["Saket", "Hauz Khas", "Lajpat Nagar", "Dwarka", "Rohini", "Karol Bagh", "Greater Kailash", "Vasant Kunj"],
  Chennai: ["T. Nagar", "Adyar", "Anna Nagar", "Mylapore", "Velachery", "Besant Nagar", "Nungambakkam"],
  Hyderabad: ["Banjara Hills", "Jubilee Hills", "Gachibowli", "Madhapur", "Kondapur", "Secunderabad", "Kukatpally"],
  Pune: ["Koregaon Park", "Kothrud", "Baner", "Viman Nagar", "Aundh", "Hadapsar", "Kalyani Nagar"],
  Kolkata: ["Salt Lake", "Ballygunge", "New Town", "Park Street", "Behala", "Gariahat", "Alipore"],
  Ahmedabad: ["Navrangpura", "Satellite", "Bodakdev", "Vastrapur", "Prahlad Nagar", "Maninagar", "Paldi"],
};
/**
 * A real PIN code of each demo locality (India Post's, present in the PIN code data set with a centre in
 * that area: db/pincodes.ts), so a newcomer's demo shows distances at once.
 */
export const LOCALITY_PINCODES: Record<string, Record<string, string>> = {
  Bangalore: {
    Indiranagar: "560038",
    Koramangala: "560034",
    Jayanagar: "560011",
    "HSR Layout": "560102",
    Whitefield: "560066",
    Malleshwaram: "560003",
    "JP Nagar": "560078",
    Basavanagudi: "560004",
    Hebbal: "560024",
    "Electronic City": "560100",
  },
  Mumbai: {
    Bandra: "400050",
    Andheri: "400053",
    Powai: "400076",
    Dadar: "400028",
    Colaba: "400005",
    Juhu: "400049",
    Thane: "400601",
    Borivali: "400092",
    Chembur: "400071",
  },
  Delhi: {
    Saket: "110017",
    "Hauz Khas": "110016",
    "Lajpat Nagar": "110024",
    Dwarka: "110075",
    Rohini: "110085",
    "Karol Bagh": "110005",
    "Greater Kailash": "110048",
    "Vasant Kunj": "110070",
  },
  Chennai: {
    "T. Nagar": "600017",
    Adyar: "600020",
    "Anna Nagar": "600040",
    Mylapore: "600004",
    Velachery: "600042",
    "Besant Nagar": "600090",
    Nungambakkam: "600034",
  },
  Hyderabad: {
    "Banjara Hills": "500034",
    "Jubilee Hills": "500033",
    Gachibowli: "500032",
    Madhapur: "500081",
    Kondapur: "500084",
    Secunderabad: "500003",
    Kukatpally: "500072",
  },
  Pune: {
    "Koregaon Park": "411001",
    Kothrud: "411038",
    Baner: "411045",
    "Viman Nagar": "411014",
    Aundh: "411007",
    Hadapsar: "411028",
    "Kalyani Nagar": "411006",
  },
  Kolkata: {
    "Salt Lake": "700091",
    Ballygunge: "700019",
    "New Town": "700156",
    "Park Street": "700016",
    Behala: "700034",
    Gariahat: "700029",
    Alipore: "700027",
  },
  Ahmedabad: {
    Navrangpura: "380009",
    Satellite: "380015",
    Bodakdev: "380054",
    Vastrapur: "380015",
    "Prahlad Nagar": "380051",
    Maninagar: "380008",
    Paldi: "380007",
  },
};
export const BUSINESS_WORDS: Record<string, { nouns: string[]; taglines: string[]; offers: string[] }> = {
  "Fashion & Apparel": {
    nouns: ["Threads", "Weaves", "Couture", "Drapes", "Handlooms", "Boutique"],
    taglines: [
      "Handwoven sarees straight from the loom",
      "Everyday ethnic wear with a modern cut",
      "Custom blouses stitched to fit",
    ],
    offers: ["10% off on first order", "Free alterations on every purchase"],
  },
  "Beauty & Wellness": {
    nouns: ["Glow Studio", "Beauty Lounge", "Wellness", "Naturals", "Spa"],
    taglines: [
      "Bridal and party makeup that lasts",
      "Chemical-free skincare made in small batches",
      "Ayurvedic therapies at your doorstep",
    ],
    offers: ["Free consultation for brides", "Festive glow package at ₹1,499"],
  },
  "Food & Beverages": {
    nouns: ["Kitchen", "Bakes", "Tiffins", "Pantry", "Treats", "Rasoi"],
    taglines: [
      "Home-style meals delivered hot",
      "Eggless cakes baked to order",
      "Grandmother's pickle recipes, bottled fresh",
    ],
    offers: ["Free delivery within 5 km", "Weekly tiffin plans from ₹900"],
  },
  "Education & Training": {
    nouns: ["Learning Hub", "Academy", "Classes", "Tutorials"],
    taglines: [
      "Maths and science made simple",
      "Spoken English for all ages",
      "Carnatic music classes online and offline",
    ],
    offers: ["First class free", "Sibling discount 15%"],
  },
  "Technology & Digital": {
    nouns: ["Digital", "Web Studio", "Media", "Labs", "Creatives"],
    taglines: [
      "Websites for small businesses in a week",
      "Social media that grows your sales",
      "Brand identities that stand out",
    ],
    offers: ["Free website audit", "Starter package at ₹4,999"],
  },
  "Healthcare & Medical": {
    nouns: ["Care", "Nutrition Clinic", "Therapy", "Health"],
    taglines: [
      "Personal diet plans that fit your life",
      "Physiotherapy at home",
      "Counselling in English, Hindi and Kannada",
    ],
    offers: ["Free first assessment", "Monthly plan discount"],
  },
  "Home & Lifestyle": {
    nouns: ["Home Studio", "Living", "Interiors", "Nest", "Decor"],
    taglines: ["Handpicked décor for Indian homes", "Small-space interiors that work", "Plants and planters delivered"],
    offers: ["Free home visit", "Festive décor sale"],
  },
  "Art & Crafts": {
    nouns: ["Art House", "Crafts", "Studio", "Creations", "Canvas"],
    taglines: [
      "Hand-painted Madhubani and Warli art",
      "Resin keepsakes made to order",
      "Pottery workshops for beginners",
    ],
    offers: ["Workshop seats from ₹799", "Custom orders welcome"],
  },
  "Events & Entertainment": {
    nouns: ["Events", "Celebrations", "Moments", "Decor Co."],
    taglines: [
      "Birthday parties planned end to end",
      "Wedding décor with a personal touch",
      "Candid photography for every occasion",
    ],
    offers: ["Free theme consultation", "Early-bird wedding discount"],
  },
  "Fitness & Sports": {
    nouns: ["Fitness", "Fit Studio", "Yoga Space", "Moves"],
    taglines: [
      "Women-only batches, morning and evening",
      "Zumba that feels like a party",
      "Prenatal and postnatal fitness",
    ],
    offers: ["One week free trial", "Couple membership offer"],
  },
  "Travel & Tourism": {
    nouns: ["Journeys", "Trails", "Travel Co.", "Getaways"],
    taglines: ["Safe trips for women travellers", "Weekend getaways from the city", "Heritage walks with stories"],
    offers: ["Group discounts", "Free itinerary planning"],
  },
  "Professional Services": {
    nouns: ["Associates", "Consulting", "Advisory", "Partners"],
    taglines: ["GST and tax filing without stress", "Legal help for small businesses", "HR policies for growing teams"],
    offers: ["Free first consultation", "Startup package"],
  },
  "Agriculture & Organic": {
    nouns: ["Organics", "Farms", "Harvest", "Greens"],
    taglines: [
      "Farm-fresh vegetables every Saturday",
      "Millet mixes for healthy families",
      "Cold-pressed oils from our own mill",
    ],
    offers: ["Subscription boxes weekly", "Free delivery above ₹999"],
  },
  "Real Estate & Property": {
    nouns: ["Properties", "Realty", "Homes", "Estates"],
    taglines: [
      "Rental homes verified in person",
      "Property management for NRIs",
      "Honest advice on buying your first home",
    ],
    offers: ["No brokerage for women tenants", "Free property valuation"],
  },
  "Transportation & Logistics": {
    nouns: ["Movers", "Logistics", "Express", "Couriers"],
    taglines: ["Same-day local delivery", "Careful packing and moving", "Courier pick-up from home"],
    offers: ["Flat ₹49 local delivery", "10% off on house moves"],
  },
  "Gifts & Hampers": {
    nouns: ["Hampers", "Gifting", "Gift Studio", "Boxes"],
    taglines: ["Festive hampers curated with love", "Corporate gifts from women makers", "Personalised return gifts"],
    offers: ["Free gift wrapping", "Bulk order discounts"],
  },
};
export const LANGUAGES = [
  "English",
  "Hindi",
  "Kannada",
  "Tamil",
  "Telugu",
  "Marathi",
  "Bengali",
  "Gujarati",
  "Malayalam",
  "Urdu",
];
export const CITY_LANGUAGE: Record<string, string> = {
  Bangalore: "Kannada",
  Mumbai: "Marathi",
  Delhi: "Hindi",
  Chennai: "Tamil",
  Hyderabad: "Telugu",
  Pune: "Marathi",
  Kolkata: "Bengali",
  Ahmedabad: "Gujarati",
};
export const REVIEWER_NAMES = [
  "Asha K.",
  "Rohit M.",
  "Sandhya P.",
  "Vikram S.",
  "Nisha R.",
  "Arjun T.",
  "Preeti G.",
  "Manoj D.",
  "Kavitha L.",
  "Farhan A.",
  "Geeta V.",
  "Ravi N.",
];
export const REVIEW_TEXTS = [
  "Wonderful experience from start to finish. Very professional and warm.",
  "Quality was excellent and delivery was on time. Will order again!",
  "Good service, a little delayed but worth the wait.",
  "Highly recommend. She understood exactly what I wanted.",
  "Lovely work and very reasonable prices.",
  "Decent experience overall, communication could be better.",
  "Absolutely loved it, my family is already asking for more.",
  "Very patient and helpful with all my questions.",
];
export const SELLER_REPLIES = [
  "Thank you so much for your kind words! See you again soon.",
  "Thanks for the feedback, we are working on faster delivery.",
  "It was a pleasure working with you!",
];

/**
 * Demo taglines in the three languages, by category (written, not machine-translated), and what the
 * business offers in Hindi and Kannada for the descriptions: some demo sellers write their original in
 * Devanagari or Kannada script, some write English and add Hindi and Kannada versions.
 */
export const DEMO_TEXTS_IN: Record<
  string,
  { tagline: { en: string; hi: string; kn: string }; offer: { hi: string; kn: string } }
> = {
  "Fashion & Apparel": {
    tagline: { en: "Blouses stitched to fit, on time", hi: "नाप से सिले ब्लाउज़, वक़्त पर", kn: "ಅಳತೆಗೆ ತಕ್ಕ ರವಿಕೆ, ಸಮಯಕ್ಕೆ ಸರಿಯಾಗಿ" },
    offer: { hi: "साड़ियाँ, ब्लाउज़ और बच्चों के कपड़े", kn: "ಸೀರೆ, ರವಿಕೆ ಮತ್ತು ಮಕ್ಕಳ ಉಡುಪು" },
  },
  "Beauty & Wellness": {
    tagline: {
      en: "Bridal mehendi and makeup at home",
      hi: "घर पर दुल्हन की मेहंदी और मेकअप",
      kn: "ಮನೆಯಲ್ಲೇ ಮದುಮಗಳ ಮೆಹಂದಿ ಮತ್ತು ಅಲಂಕಾರ",
    },
    offer: { hi: "मेहंदी, मेकअप और त्वचा की देखभाल", kn: "ಮೆಹಂದಿ, ಅಲಂಕಾರ ಮತ್ತು ಚರ್ಮದ ಆರೈಕೆ" },
  },
  "Food & Beverages": {
    tagline: {
      en: "Home-cooked tiffins, like your mother makes",
      hi: "घर जैसा टिफ़िन, माँ के हाथ का स्वाद",
      kn: "ಅಮ್ಮನ ಕೈರುಚಿಯ ಮನೆಯೂಟ",
    },
    offer: { hi: "घर का खाना, अचार और मिठाइयाँ", kn: "ಮನೆಯೂಟ, ಉಪ್ಪಿನಕಾಯಿ ಮತ್ತು ಸಿಹಿತಿಂಡಿ" },
  },
  "Education & Training": {
    tagline: { en: "Tuition that makes maths easy", hi: "ट्यूशन जो गणित आसान बना दे", kn: "ಗಣಿತವನ್ನು ಸುಲಭ ಮಾಡುವ ಟ್ಯೂಷನ್" },
    offer: { hi: "ट्यूशन, भाषा और संगीत की कक्षाएँ", kn: "ಟ್ಯೂಷನ್, ಭಾಷೆ ಮತ್ತು ಸಂಗೀತ ತರಗತಿಗಳು" },
  },
  "Home & Lifestyle": {
    tagline: {
      en: "Plants and pots for every balcony",
      hi: "हर बालकनी के लिए पौधे और गमले",
      kn: "ಪ್ರತಿ ಬಾಲ್ಕನಿಗೂ ಗಿಡ ಮತ್ತು ಕುಂಡ",
    },
    offer: { hi: "घर की सजावट और पौधे", kn: "ಮನೆ ಅಲಂಕಾರ ಮತ್ತು ಗಿಡಗಳು" },
  },
  "Art & Crafts": {
    tagline: {
      en: "Hand-painted pottery from our kiln",
      hi: "अपने भट्ठे के हाथ से रंगे मिट्टी के बर्तन",
      kn: "ನಮ್ಮ ಆವಿಗೆಯಿಂದ ಕೈಯಲ್ಲಿ ಬಣ್ಣ ಹಚ್ಚಿದ ಮಣ್ಣಿನ ಪಾತ್ರೆ",
    },
    offer: { hi: "मिट्टी के बर्तन, पेंटिंग और कार्यशालाएँ", kn: "ಮಣ್ಣಿನ ಪಾತ್ರೆ, ಚಿತ್ರಕಲೆ ಮತ್ತು ಕಾರ್ಯಾಗಾರಗಳು" },
  },
  "Events & Entertainment": {
    tagline: {
      en: "Weddings decorated with flowers and care",
      hi: "फूलों और प्यार से सजी शादियाँ",
      kn: "ಹೂವು ಮತ್ತು ಕಾಳಜಿಯಿಂದ ಸಿಂಗರಿಸಿದ ಮದುವೆಗಳು",
    },
    offer: { hi: "शादी और जन्मदिन की सजावट", kn: "ಮದುವೆ ಮತ್ತು ಹುಟ್ಟುಹಬ್ಬದ ಅಲಂಕಾರ" },
  },
  "Agriculture & Organic": {
    tagline: {
      en: "Millets and cold-pressed oils from our farm",
      hi: "हमारे खेत का मोटा अनाज और कच्ची घानी तेल",
      kn: "ನಮ್ಮ ಹೊಲದ ಸಿರಿಧಾನ್ಯ ಮತ್ತು ಗಾಣದ ಎಣ್ಣೆ",
    },
    offer: { hi: "जैविक अनाज, तेल और शहद", kn: "ಸಾವಯವ ಧಾನ್ಯ, ಎಣ್ಣೆ ಮತ್ತು ಜೇನುತುಪ್ಪ" },
  },
  "Gifts & Hampers": {
    tagline: { en: "Festive hampers packed by hand", hi: "हाथ से सजाए त्योहार के हैम्पर", kn: "ಕೈಯಾರೆ ಕಟ್ಟಿದ ಹಬ್ಬದ ಹ್ಯಾಂಪರ್" },
    offer: { hi: "त्योहार और शादी के तोहफ़े", kn: "ಹಬ್ಬ ಮತ್ತು ಮದುವೆಯ ಉಡುಗೊರೆಗಳು" },
  },
};

/** A demo description in Hindi or Kannada (the business's and people's names stay as written). */
export function demoDescriptionIn(
  language: "hi" | "kn",
  v: { owner: string; business: string; locality: string; city: string; offer: string },
): string {
  return language === "hi"
    ? `${v.owner} ने ${v.locality} में ${v.business} शुरू किया, ताकि ${v.city} भर के परिवारों तक ${v.offer} पहुँचें। हर ऑर्डर वे ख़ुद सँभालती हैं — अच्छी क्वालिटी का ध्यान और पहली बार आने वाले ग्राहकों का दिल से स्वागत।`
    : `${v.owner} ಅವರು ${v.locality}ನಲ್ಲಿ ${v.business} ಆರಂಭಿಸಿದರು, ${v.city}ನ ಕುಟುಂಬಗಳಿಗೆ ${v.offer} ತಲುಪಿಸಲು. ಪ್ರತಿಯೊಂದು ಆರ್ಡರ್ ಅನ್ನು ಅವರೇ ಖುದ್ದಾಗಿ ನೋಡಿಕೊಳ್ಳುತ್ತಾರೆ — ಗುಣಮಟ್ಟದ ಕಾಳಜಿ ಮತ್ತು ಹೊಸ ಗ್ರಾಹಕರಿಗೆ ಆತ್ಮೀಯ ಸ್ವಾಗತ.`;
}
