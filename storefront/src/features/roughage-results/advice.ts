/** What a result page makes of the server's advice: each advice text once, and the products chosen at first. */
import type { ScanResult } from '../../api/results';

/** One advice text with the analytes it is given for, in the server's order. */
export interface AdviceGroup {
  text: string;
  analytes: string[];
}

/**
 * The advice, each text once. The fixtures give several analytes the same text (every low
 * mineral reads 'Het mineralengehalte is laag…'), so one text would otherwise repeat.
 */
export function distinctAdvice(advice: ScanResult['advice']): AdviceGroup[] {
  const groups: AdviceGroup[] = [];
  for (const item of advice) {
    const group = groups.find((candidate) => candidate.text === item.text);
    if (group) {
      if (!group.analytes.includes(item.analyte)) group.analytes.push(item.analyte);
    } else {
      groups.push({ text: item.text, analytes: [item.analyte] });
    }
  }
  return groups;
}

/**
 * The recommended products ticked at first: those the engine's balancing advice doses (it
 * picks one product per short nutrient) that the site sells; without any (a hygiene scan, or
 * none sold here), the first product of each advice that the site sells. The advice texts name
 * alternatives ('a hay balancer or mineral cubes'), so the customer chooses the rest.
 */
export function preselectedProducts(result: Pick<ScanResult, 'advice' | 'balancing' | 'products'>): number[] {
  const sold = new Set(result.products.map((product) => product.productId));
  const balancers = (result.balancing?.products ?? []).map((balancer) => balancer.productId).filter((id) => sold.has(id));
  const chosen = balancers.length > 0 ? balancers : result.advice.flatMap((item) => item.productIds.find((id) => sold.has(id)) ?? []);
  return [...new Set(chosen)];
}
