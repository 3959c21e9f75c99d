/**
 * The Chakra UI system: the base config plus only the recipes the app renders, so unused
 * component styles stay out of the bundle, and only the colour palettes the app uses (no teal,
 * cyan, pink): createSystem turns every token into a CSS variable at start-up, which on a cheap
 * phone is a visible share of the field app's first load. Theme light, colour palette blue
 * (spec 9 "light.blue").
 */
import { createSystem, defaultBaseConfig, defineConfig } from '@chakra-ui/react';
import {
  animationStyles,
  badgeRecipe,
  breakpoints,
  buttonRecipe,
  cardSlotRecipe,
  checkboxSlotRecipe,
  checkmarkRecipe,
  dataListSlotRecipe,
  cssVarsPrefix,
  cssVarsRoot,
  dialogSlotRecipe,
  drawerSlotRecipe,
  fieldSlotRecipe,
  fieldsetSlotRecipe,
  globalCss,
  headingRecipe,
  inputRecipe,
  kbdRecipe,
  keyframes,
  layerStyles,
  linkRecipe,
  menuSlotRecipe,
  nativeSelectSlotRecipe,
  progressSlotRecipe,
  radioGroupSlotRecipe,
  semanticTokens,
  separatorRecipe,
  skeletonRecipe,
  spinnerRecipe,
  switchSlotRecipe,
  tableSlotRecipe,
  tabsSlotRecipe,
  textareaRecipe,
  textStyles,
  toastSlotRecipe,
  tokens,
  alertSlotRecipe,
  inputAddonRecipe,
  iconRecipe,
} from '@chakra-ui/react/theme';

/** Palettes no screen uses; their tokens are left out of the system. */
const UNUSED_PALETTES = new Set(['teal', 'cyan', 'pink']);
function withoutUnusedPalettes<T extends Record<string, unknown>>(colors: T): T {
  return Object.fromEntries(Object.entries(colors).filter(([name]) => !UNUSED_PALETTES.has(name))) as T;
}

/**
 * Semantic colours darkened where the defaults fail WCAG AA contrast (4.5:1 for text; axe
 * color-contrast, issue 12): white on green.600 (3.3:1) and orange.600 (3.6:1), and fg.error
 * (red.500, 3.8:1 on white). shell.css mirrors the solids for the plain screens.
 */
const sc = semanticTokens.colors as Record<string, Record<string, unknown>>;
const contrastFixes = {
  green: { ...sc.green, solid: { value: { _light: '{colors.green.700}', _dark: '{colors.green.600}' } } },
  orange: { ...sc.orange, solid: { value: { _light: '{colors.orange.700}', _dark: '{colors.orange.500}' } } },
  fg: { ...sc.fg, error: { value: { _light: '{colors.red.600}', _dark: '{colors.red.400}' } } },
};

const config = defineConfig({
  preflight: true,
  cssVarsPrefix,
  cssVarsRoot,
  globalCss: {
    ...globalCss,
    html: { ...(globalCss.html as object), colorPalette: 'blue' },
  },
  theme: {
    breakpoints,
    keyframes,
    tokens: { ...tokens, colors: withoutUnusedPalettes(tokens.colors) },
    semanticTokens: { ...semanticTokens, colors: withoutUnusedPalettes({ ...semanticTokens.colors, ...contrastFixes }) },
    textStyles,
    layerStyles,
    animationStyles,
    recipes: {
      badge: badgeRecipe,
      button: buttonRecipe,
      checkmark: checkmarkRecipe,
      heading: headingRecipe,
      icon: iconRecipe,
      input: inputRecipe,
      kbd: kbdRecipe,
      inputAddon: inputAddonRecipe,
      link: linkRecipe,
      separator: separatorRecipe,
      skeleton: skeletonRecipe,
      spinner: spinnerRecipe,
      textarea: textareaRecipe,
    },
    slotRecipes: {
      alert: alertSlotRecipe,
      card: cardSlotRecipe,
      checkbox: checkboxSlotRecipe,
      dataList: dataListSlotRecipe,
      dialog: dialogSlotRecipe,
      drawer: drawerSlotRecipe,
      field: fieldSlotRecipe,
      fieldset: fieldsetSlotRecipe,
      menu: menuSlotRecipe,
      nativeSelect: nativeSelectSlotRecipe,
      progress: progressSlotRecipe,
      radioGroup: radioGroupSlotRecipe,
      switch: switchSlotRecipe,
      table: tableSlotRecipe,
      tabs: tabsSlotRecipe,
      toast: toastSlotRecipe,
    },
  },
});

export const system = createSystem(defaultBaseConfig, config);
