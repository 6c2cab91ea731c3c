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
