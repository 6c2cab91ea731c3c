import type { ColumnLanguage } from "~/lib/locales";

// The sixteen categories of docs/decisions/018-sixteen-categories.md, each with a handful of realistic subcategories.
export const CATEGORY_SEED: { name: string; description: string; subcategories: string[] }[] = [
  {
    name: "Fashion & Apparel",
    description: "Clothing, ethnic wear, jewellery and accessories",
    subcategories: ["Ethnic Wear", "Western Wear", "Sarees", "Handloom", "Jewellery", "Kids Wear", "Custom Tailoring"],
  },
  {
    name: "Beauty & Wellness",
    description: "Salons, skincare, spa and holistic wellness",
    subcategories: ["Bridal Makeup", "Skincare", "Salon Services", "Mehendi Artists", "Ayurveda", "Yoga & Meditation"],
  },
  {
    name: "Food & Beverages",
    description: "Home chefs, bakers, caterers and specialty foods",
    subcategories: [
      "Home Bakers",
      "Catering",
      "Tiffin Services",
      "Pickles & Preserves",
      "Healthy Snacks",
      "Chocolates & Desserts",
    ],
  },
  {
    name: "Education & Training",
    description: "Tutors, coaching, workshops and skill building",
    subcategories: ["Academic Tutoring", "Language Classes", "Music & Dance", "Coding for Kids", "Career Coaching"],
  },
  {
    name: "Technology & Digital",
    description: "Web, design, marketing and IT services",
    subcategories: [
      "Web Development",
      "Digital Marketing",
      "Graphic Design",
      "Social Media Management",
      "App Development",
    ],
  },
  {
    name: "Healthcare & Medical",
    description: "Clinics, therapists, nutrition and care",
    subcategories: ["Nutritionists", "Physiotherapy", "Counselling", "Lactation Consultants", "Elder Care"],
  },
  {
    name: "Home & Lifestyle",
    description: "Décor, furnishings, organising and home services",
    subcategories: ["Home Décor", "Interior Design", "Home Organising", "Furnishings", "Plants & Gardening"],
  },
  {
    name: "Art & Crafts",
    description: "Handmade art, crafts and creative workshops",
    subcategories: ["Paintings", "Pottery", "Resin Art", "Crochet & Knitting", "Candles", "Art Workshops"],
  },
  {
    name: "Events & Entertainment",
    description: "Planners, decorators, photographers and performers",
    subcategories: ["Event Planning", "Decor & Balloons", "Photography", "Anchors & Emcees", "Wedding Planning"],
  },
  {
    name: "Fitness & Sports",
    description: "Trainers, studios and sports coaching",
    subcategories: ["Personal Training", "Zumba & Aerobics", "Pilates", "Swimming Coaching", "Sports Coaching"],
  },
  {
    name: "Travel & Tourism",
    description: "Trips, tours and travel planning",
    subcategories: ["Women-only Trips", "Holiday Planning", "Heritage Walks", "Visa Assistance"],
  },
  {
    name: "Professional Services",
    description: "Legal, finance, HR and consulting",
    subcategories: ["Chartered Accountants", "Legal Advice", "HR Consulting", "Business Consulting", "Content Writing"],
  },
  {
    name: "Agriculture & Organic",
    description: "Organic produce, farm goods and gardening",
    subcategories: ["Organic Vegetables", "Millets & Grains", "Cold-pressed Oils", "Farm Honey", "Terrace Gardening"],
  },
  {
    name: "Real Estate & Property",
    description: "Agents, property management and rentals",
    subcategories: ["Property Consultants", "Rentals", "Property Management", "Vastu Consulting"],
  },
  {
    name: "Transportation & Logistics",
    description: "Courier, packers, movers and delivery",
    subcategories: ["Courier Services", "Packers & Movers", "Local Delivery", "Cab Services"],
  },
  {
    name: "Gifts & Hampers",
    description: "Curated hampers, return gifts and corporate gifting",
    subcategories: ["Festive Hampers", "Corporate Gifting", "Return Gifts", "Personalised Gifts", "Wedding Favours"],
  },
];

/**
 * The seeded categories' and subcategories' names in Hindi and Kannada, by English name: the words a
 * local would use (Custom Tailoring is सिलाई / ಹೊಲಿಗೆ, not a word-for-word rendering); English loanwords
 * where people say them so (डिजिटल मार्केटिंग, ಯೋಗ).
 */
export const CATALOGUE_NAMES_IN: Record<string, Partial<Record<ColumnLanguage, string>>> = {
  // Fashion & Apparel
  "Fashion & Apparel": { hi: "फ़ैशन और कपड़े", kn: "ಫ್ಯಾಷನ್ ಮತ್ತು ಉಡುಪು" },
  "Ethnic Wear": { hi: "पारंपरिक पहनावा", kn: "ಸಾಂಪ್ರದಾಯಿಕ ಉಡುಗೆ" },
  "Western Wear": { hi: "वेस्टर्न कपड़े", kn: "ವೆಸ್ಟರ್ನ್ ಉಡುಗೆ" },
  Sarees: { hi: "साड़ियाँ", kn: "ಸೀರೆಗಳು" },
  Handloom: { hi: "हथकरघा", kn: "ಕೈಮಗ್ಗ" },
  Jewellery: { hi: "गहने", kn: "ಆಭರಣಗಳು" },
  "Kids Wear": { hi: "बच्चों के कपड़े", kn: "ಮಕ್ಕಳ ಉಡುಪು" },
  "Custom Tailoring": { hi: "सिलाई", kn: "ಹೊಲಿಗೆ" },
  // Beauty & Wellness
  "Beauty & Wellness": { hi: "ब्यूटी और सेहत", kn: "ಸೌಂದರ್ಯ ಮತ್ತು ಆರೋಗ್ಯ" },
  "Bridal Makeup": { hi: "दुल्हन का मेकअप", kn: "ವಧುವಿನ ಅಲಂಕಾರ" },
  Skincare: { hi: "त्वचा की देखभाल", kn: "ಚರ್ಮದ ಆರೈಕೆ" },
  "Salon Services": { hi: "ब्यूटी पार्लर", kn: "ಬ್ಯೂಟಿ ಪಾರ್ಲರ್" },
  "Mehendi Artists": { hi: "मेहंदी", kn: "ಮೆಹಂದಿ" },
  Ayurveda: { hi: "आयुर्वेद", kn: "ಆಯುರ್ವೇದ" },
  "Yoga & Meditation": { hi: "योग और ध्यान", kn: "ಯೋಗ ಮತ್ತು ಧ್ಯಾನ" },
  // Food & Beverages
  "Food & Beverages": { hi: "खाना-पीना", kn: "ಊಟ-ತಿಂಡಿ" },
  "Home Bakers": { hi: "घर की बेकरी", kn: "ಮನೆಯ ಬೇಕರಿ" },
  Catering: { hi: "कैटरिंग", kn: "ಅಡುಗೆ ಸೇವೆ" },
  "Tiffin Services": { hi: "टिफ़िन सेवा", kn: "ಟಿಫಿನ್ ಸೇವೆ" },
  "Pickles & Preserves": { hi: "अचार और मुरब्बे", kn: "ಉಪ್ಪಿನಕಾಯಿ" },
  "Healthy Snacks": { hi: "सेहतमंद नाश्ता", kn: "ಆರೋಗ್ಯಕರ ತಿಂಡಿ" },
  "Chocolates & Desserts": { hi: "चॉकलेट और मिठाइयाँ", kn: "ಚಾಕೊಲೇಟ್ ಮತ್ತು ಸಿಹಿತಿಂಡಿ" },
  // Education & Training
  "Education & Training": { hi: "पढ़ाई और ट्रेनिंग", kn: "ಶಿಕ್ಷಣ ಮತ್ತು ತರಬೇತಿ" },
  "Academic Tutoring": { hi: "ट्यूशन", kn: "ಟ್ಯೂಷನ್" },
  "Language Classes": { hi: "भाषा की कक्षाएँ", kn: "ಭಾಷಾ ತರಗತಿಗಳು" },
  "Music & Dance": { hi: "संगीत और नृत्य", kn: "ಸಂಗೀತ ಮತ್ತು ನೃತ್ಯ" },
  "Coding for Kids": { hi: "बच्चों के लिए कोडिंग", kn: "ಮಕ್ಕಳಿಗೆ ಕೋಡಿಂಗ್" },
  "Career Coaching": { hi: "करियर मार्गदर्शन", kn: "ವೃತ್ತಿ ಮಾರ್ಗದರ್ಶನ" },
  // Technology & Digital
  "Technology & Digital": { hi: "टेक्नोलॉजी और डिजिटल", kn: "ತಂತ್ರಜ್ಞಾನ ಮತ್ತು ಡಿಜಿಟಲ್" },
  "Web Development": { hi: "वेबसाइट बनाना", kn: "ವೆಬ್‌ಸೈಟ್ ನಿರ್ಮಾಣ" },
  "Digital Marketing": { hi: "डिजिटल मार्केटिंग", kn: "ಡಿಜಿಟಲ್ ಮಾರ್ಕೆಟಿಂಗ್" },
  "Graphic Design": { hi: "ग्राफ़िक डिज़ाइन", kn: "ಗ್ರಾಫಿಕ್ ವಿನ್ಯಾಸ" },
  "Social Media Management": { hi: "सोशल मीडिया", kn: "ಸೋಷಿಯಲ್ ಮೀಡಿಯಾ ನಿರ್ವಹಣೆ" },
  "App Development": { hi: "ऐप बनाना", kn: "ಆ್ಯಪ್ ನಿರ್ಮಾಣ" },
  // Healthcare & Medical
  "Healthcare & Medical": { hi: "स्वास्थ्य और इलाज", kn: "ಆರೋಗ್ಯ ಮತ್ತು ಚಿಕಿತ್ಸೆ" },
  Nutritionists: { hi: "पोषण विशेषज्ञ", kn: "ಪೌಷ್ಟಿಕಾಂಶ ತಜ್ಞರು" },
  Physiotherapy: { hi: "फ़िज़ियोथेरेपी", kn: "ಫಿಸಿಯೋಥೆರಪಿ" },
  Counselling: { hi: "काउंसलिंग", kn: "ಆಪ್ತಸಮಾಲೋಚನೆ" },
  "Lactation Consultants": { hi: "स्तनपान सलाह", kn: "ಎದೆಹಾಲು ಸಲಹೆಗಾರರು" },
  "Elder Care": { hi: "बुज़ुर्गों की देखभाल", kn: "ಹಿರಿಯರ ಆರೈಕೆ" },
  // Home & Lifestyle
  "Home & Lifestyle": { hi: "घर और रहन-सहन", kn: "ಮನೆ ಮತ್ತು ಜೀವನಶೈಲಿ" },
  "Home Décor": { hi: "घर की सजावट", kn: "ಮನೆ ಅಲಂಕಾರ" },
  "Interior Design": { hi: "इंटीरियर डिज़ाइन", kn: "ಒಳಾಂಗಣ ವಿನ್ಯಾಸ" },
  "Home Organising": { hi: "घर सँवारना", kn: "ಮನೆ ಒಪ್ಪಗೊಳಿಸುವಿಕೆ" },
  Furnishings: { hi: "पर्दे और चादरें", kn: "ಪರದೆ ಮತ್ತು ಹಾಸು" },
  "Plants & Gardening": { hi: "पौधे और बाग़वानी", kn: "ಗಿಡಗಳು ಮತ್ತು ತೋಟಗಾರಿಕೆ" },
  // Art & Crafts
  "Art & Crafts": { hi: "कला और हस्तशिल्प", kn: "ಕಲೆ ಮತ್ತು ಕರಕುಶಲ" },
  Paintings: { hi: "चित्रकारी", kn: "ಚಿತ್ರಕಲೆ" },
  Pottery: { hi: "मिट्टी के बर्तन", kn: "ಕುಂಬಾರಿಕೆ" },
  "Resin Art": { hi: "रेज़िन आर्ट", kn: "ರೆಸಿನ್ ಕಲೆ" },
  "Crochet & Knitting": { hi: "क्रोशिया और बुनाई", kn: "ಕ್ರೋಶಾ ಮತ್ತು ಹೆಣಿಗೆ" },
  Candles: { hi: "मोमबत्तियाँ", kn: "ಮೇಣದಬತ್ತಿಗಳು" },
  "Art Workshops": { hi: "कला कार्यशालाएँ", kn: "ಕಲಾ ಕಾರ್ಯಾಗಾರಗಳು" },
  // Events & Entertainment
  "Events & Entertainment": { hi: "समारोह और मनोरंजन", kn: "ಸಮಾರಂಭ ಮತ್ತು ಮನರಂಜನೆ" },
  "Event Planning": { hi: "इवेंट की तैयारी", kn: "ಸಮಾರಂಭ ಆಯೋಜನೆ" },
  "Decor & Balloons": { hi: "सजावट और गुब्बारे", kn: "ಅಲಂಕಾರ ಮತ್ತು ಬಲೂನ್" },
  Photography: { hi: "फ़ोटोग्राफ़ी", kn: "ಛಾಯಾಗ್ರಹಣ" },
  "Anchors & Emcees": { hi: "एंकर और संचालक", kn: "ನಿರೂಪಕರು" },
  "Wedding Planning": { hi: "शादी की तैयारी", kn: "ಮದುವೆ ಆಯೋಜನೆ" },
  // Fitness & Sports
  "Fitness & Sports": { hi: "फ़िटनेस और खेल", kn: "ಫಿಟ್‌ನೆಸ್ ಮತ್ತು ಕ್ರೀಡೆ" },
  "Personal Training": { hi: "पर्सनल ट्रेनर", kn: "ವೈಯಕ್ತಿಕ ತರಬೇತಿ" },
  "Zumba & Aerobics": { hi: "ज़ुम्बा और एरोबिक्स", kn: "ಜುಂಬಾ ಮತ್ತು ಏರೋಬಿಕ್ಸ್" },
  Pilates: { hi: "पिलाटीज़", kn: "ಪಿಲಾಟೆಸ್" },
  "Swimming Coaching": { hi: "तैराकी सिखाना", kn: "ಈಜು ತರಬೇತಿ" },
  "Sports Coaching": { hi: "खेल प्रशिक्षण", kn: "ಕ್ರೀಡಾ ತರಬೇತಿ" },
  // Travel & Tourism
  "Travel & Tourism": { hi: "घूमना-फिरना", kn: "ಪ್ರವಾಸ" },
  "Women-only Trips": { hi: "सिर्फ़ महिलाओं की यात्राएँ", kn: "ಮಹಿಳೆಯರಿಗಾಗಿ ಪ್ರವಾಸ" },
  "Holiday Planning": { hi: "छुट्टियों की योजना", kn: "ರಜೆಯ ಯೋಜನೆ" },
  "Heritage Walks": { hi: "विरासत की सैर", kn: "ಪಾರಂಪರಿಕ ನಡಿಗೆ" },
  "Visa Assistance": { hi: "वीज़ा सहायता", kn: "ವೀಸಾ ನೆರವು" },
  // Professional Services
  "Professional Services": { hi: "पेशेवर सेवाएँ", kn: "ವೃತ್ತಿಪರ ಸೇವೆಗಳು" },
  "Chartered Accountants": { hi: "सीए", kn: "ಲೆಕ್ಕಪರಿಶೋಧಕರು (ಸಿಎ)" },
  "Legal Advice": { hi: "क़ानूनी सलाह", kn: "ಕಾನೂನು ಸಲಹೆ" },
  "HR Consulting": { hi: "एचआर सलाह", kn: "ಎಚ್‌ಆರ್ ಸಲಹೆ" },
  "Business Consulting": { hi: "कारोबार सलाह", kn: "ವ್ಯಾಪಾರ ಸಲಹೆ" },
  "Content Writing": { hi: "कंटेंट लेखन", kn: "ಬರವಣಿಗೆ ಸೇವೆ" },
  // Agriculture & Organic
  "Agriculture & Organic": { hi: "खेती और जैविक", kn: "ಕೃಷಿ ಮತ್ತು ಸಾವಯವ" },
  "Organic Vegetables": { hi: "जैविक सब्ज़ियाँ", kn: "ಸಾವಯವ ತರಕಾರಿ" },
  "Millets & Grains": { hi: "मोटा अनाज", kn: "ಸಿರಿಧಾನ್ಯ" },
  "Cold-pressed Oils": { hi: "कच्ची घानी तेल", kn: "ಗಾಣದ ಎಣ್ಣೆ" },
  "Farm Honey": { hi: "शुद्ध शहद", kn: "ಜೇನುತುಪ್ಪ" },
  "Terrace Gardening": { hi: "छत पर बाग़वानी", kn: "ತಾರಸಿ ತೋಟ" },
  // Real Estate & Property
  "Real Estate & Property": { hi: "प्रॉपर्टी", kn: "ಸ್ಥಿರಾಸ್ತಿ" },
  "Property Consultants": { hi: "प्रॉपर्टी सलाहकार", kn: "ಆಸ್ತಿ ಸಲಹೆಗಾರರು" },
  Rentals: { hi: "किराये पर मकान", kn: "ಬಾಡಿಗೆ ಮನೆ" },
  "Property Management": { hi: "प्रॉपर्टी की देखरेख", kn: "ಆಸ್ತಿ ನಿರ್ವಹಣೆ" },
  "Vastu Consulting": { hi: "वास्तु सलाह", kn: "ವಾಸ್ತು ಸಲಹೆ" },
  // Transportation & Logistics
  "Transportation & Logistics": { hi: "परिवहन और डिलीवरी", kn: "ಸಾರಿಗೆ ಮತ್ತು ಸರಕು ಸಾಗಣೆ" },
  "Courier Services": { hi: "कूरियर", kn: "ಕೊರಿಯರ್" },
  "Packers & Movers": { hi: "पैकर्स और मूवर्स", kn: "ಮನೆ ಸಾಮಾನು ಸಾಗಣೆ" },
  "Local Delivery": { hi: "लोकल डिलीवरी", kn: "ಸ್ಥಳೀಯ ಡೆಲಿವರಿ" },
  "Cab Services": { hi: "टैक्सी सेवा", kn: "ಟ್ಯಾಕ್ಸಿ ಸೇವೆ" },
  // Gifts & Hampers
  "Gifts & Hampers": { hi: "तोहफ़े और हैम्पर", kn: "ಉಡುಗೊರೆ ಮತ್ತು ಹ್ಯಾಂಪರ್" },
  "Festive Hampers": { hi: "त्योहार के हैम्पर", kn: "ಹಬ್ಬದ ಹ್ಯಾಂಪರ್" },
  "Corporate Gifting": { hi: "कॉर्पोरेट तोहफ़े", kn: "ಕಾರ್ಪೊರೇಟ್ ಉಡುಗೊರೆ" },
  "Return Gifts": { hi: "रिटर्न गिफ़्ट", kn: "ರಿಟರ್ನ್ ಗಿಫ್ಟ್" },
  "Personalised Gifts": { hi: "नाम वाले तोहफ़े", kn: "ವೈಯಕ್ತಿಕ ಉಡುಗೊರೆ" },
  "Wedding Favours": { hi: "शादी के तोहफ़े", kn: "ಮದುವೆಯ ಉಡುಗೊರೆ" },
};
