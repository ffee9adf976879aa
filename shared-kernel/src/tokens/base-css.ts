/**
 * Styles of the few components every package uses (buttons, spinner, visually hidden text,
 * avatars, image placeholders, status badges, the remote fallback box) and of what every page repeats (the
 * page frame with its links and keyboard focus ring, its title row, cards and action rows, alerts,
 * form fields, forms, dialogs and tables), installed with the design tokens so a remote never ships them again. `sk-scope`
 * gives a fragment outside a page frame (a remote's panel inside another remote's page) the frame's
 * font, links, focus ring and box model. The frame's link colour is a default (`:where`, one class
 * of weight), so a remote's own link class (a card, a call to action) wins without raising its own
 * selectors. A remote keeps its own class next to these only as a hook for what is its own.
 * The layout classes that close the file (`sk-list`, `sk-cluster`, `sk-stack`, `sk-grid`, `sk-tiles`,
 * `sk-columns`, gaps, …) are what several packages wrote again and again (issue 33 item 4); the `sk-gap-N`
 * rules come after the layouts so they win, and `[hidden]` beats every layout's `display`.
 */
export const baseCss = `
.sk-visually-hidden{position:absolute!important;width:1px;height:1px;padding:0;margin:-1px;overflow:hidden;clip:rect(0,0,0,0);white-space:nowrap;border:0}
.sk-spinner{display:flex;justify-content:center;align-items:center;padding:var(--sm-space-8) var(--sm-space-4)}
.sk-spinner__circle{width:40px;height:40px;border:4px solid var(--sm-color-primary-soft);border-top-color:var(--sm-color-primary);border-radius:50%;animation:sk-spin .9s linear infinite}
@keyframes sk-spin{to{transform:rotate(360deg)}}
@media (prefers-reduced-motion:reduce){.sk-spinner__circle{animation-duration:3s}}
.sk-unavailable{max-width:640px;margin:var(--sm-space-8) auto;padding:var(--sm-space-6);text-align:center;background:var(--sm-color-surface);border:1px solid var(--sm-color-border);border-radius:var(--sm-radius)}
.sk-unavailable__text{margin:0 0 var(--sm-space-4)}
.sk-avatar{display:inline-flex;flex-shrink:0;align-items:center;justify-content:center;width:40px;height:40px;overflow:hidden;border-radius:50%;background:var(--sm-color-primary);color:#ffffff;font-weight:700}
.sk-avatar--muted{background:var(--sm-color-muted)}
.sk-avatar[data-initial]::after{content:attr(data-initial)}
.sk-avatar__img{width:100%;height:100%;object-fit:cover}
.sk-image{display:block;width:100%;height:100%;object-fit:cover}
.sk-picture{display:contents}
.sk-image-placeholder{display:flex;align-items:center;justify-content:center;width:100%;height:100%;min-height:120px;padding:var(--sm-space-4);box-sizing:border-box;background:var(--sm-color-background);color:var(--sm-color-muted);font-size:.9rem;text-align:center}
.sk-image-placeholder--error{background:var(--sm-color-danger-soft);color:var(--sm-color-danger)}
.sk-transfer__demo{margin:0 0 var(--sm-space-2);font-weight:700;color:var(--sm-color-warning)}
.sk-transfer__list{display:grid;grid-template-columns:max-content 1fr;gap:var(--sm-space-1) var(--sm-space-4);margin:0}
.sk-transfer__list dt{font-weight:600}
.sk-transfer__list dd{margin:0;overflow-wrap:anywhere}
.sk-badge{display:inline-block;padding:2px var(--sm-space-3);border:1px solid;border-radius:999px;font-size:.875rem;font-weight:700;line-height:1.5;white-space:nowrap}
.sk-badge--success{background:var(--sm-color-success-soft);border-color:var(--sm-color-success);color:var(--sm-color-success)}
.sk-badge--warning{background:var(--sm-color-warning-soft);border-color:var(--sm-color-warning);color:var(--sm-color-warning)}
.sk-badge--danger{background:var(--sm-color-danger-soft);border-color:var(--sm-color-danger);color:var(--sm-color-danger)}
.sk-badge--info{background:var(--sm-color-info-soft);border-color:var(--sm-color-info);color:var(--sm-color-info)}
.sk-button{display:inline-flex;align-items:center;justify-content:center;gap:var(--sm-space-2);min-height:44px;padding:var(--sm-space-2) var(--sm-space-4);border:1px solid transparent;border-radius:var(--sm-radius-small);font:inherit;font-weight:600;line-height:1.2;text-decoration:none;cursor:pointer}
.sk-button:focus-visible{outline:3px solid var(--sm-color-focus);outline-offset:2px;box-shadow:0 0 0 2px var(--sm-color-text)}
.sk-button--primary{background:var(--sm-color-primary);color:var(--sm-color-surface)}
.sk-button--primary:hover{background:var(--sm-color-primary-hover)}
.sk-button--secondary{background:var(--sm-color-surface);border-color:var(--sm-color-primary);color:var(--sm-color-primary)}
.sk-button--secondary:hover,.sk-button--pressed,.sk-button[aria-pressed='true']{background:var(--sm-color-primary-soft)}
.sk-button--ghost{background:transparent;border-color:var(--sm-color-border);color:var(--sm-color-text)}
.sk-button--ghost:hover{background:var(--sm-color-background)}
.sk-button--success{background:var(--sm-color-success);color:var(--sm-color-surface)}
.sk-button--info{background:var(--sm-color-info);color:var(--sm-color-surface)}
.sk-button--danger{background:var(--sm-color-surface);border-color:var(--sm-color-danger);color:var(--sm-color-danger)}
.sk-button--danger:hover{background:var(--sm-color-danger-soft)}
.sk-button--link{padding:0 var(--sm-space-2);background:none;color:var(--sm-color-primary);text-decoration:underline}
.sk-button--small{min-height:36px;padding:var(--sm-space-1) var(--sm-space-3);font-size:.9rem}
.sk-button--block{width:100%}
.sk-button:disabled,.sk-button[aria-disabled='true']{background:var(--sm-color-border);border-color:var(--sm-color-border);color:var(--sm-color-muted);cursor:not-allowed}
.sk-page{font-family:var(--sm-font);color:var(--sm-color-text);max-width:var(--sm-max-width);margin:0 auto;padding:var(--sm-space-6) var(--sm-space-4) var(--sm-space-8);box-sizing:border-box}
.sk-scope{font-family:var(--sm-font);color:var(--sm-color-text)}
.sk-page *,.sk-page *::before,.sk-page *::after,.sk-scope *,.sk-scope *::before,.sk-scope *::after{box-sizing:border-box}
.sk-page :where(a:not(.sk-button)),.sk-scope :where(a:not(.sk-button)){color:var(--sm-color-primary)}
.sk-page a:focus-visible,.sk-page button:focus-visible,.sk-page input:focus-visible,.sk-page textarea:focus-visible,.sk-page select:focus-visible,.sk-page [tabindex]:focus-visible,.sk-scope a:focus-visible,.sk-scope button:focus-visible,.sk-scope input:focus-visible,.sk-scope textarea:focus-visible,.sk-scope select:focus-visible,.sk-scope [tabindex]:focus-visible{outline:3px solid var(--sm-color-focus);outline-offset:2px;box-shadow:0 0 0 2px var(--sm-color-text)}
.sk-page h1:focus:not(:focus-visible),.sk-page h2:focus:not(:focus-visible),.sk-scope h1:focus:not(:focus-visible),.sk-scope h2:focus:not(:focus-visible){outline:none}
.sk-page__title{margin:0;font-size:clamp(1.5rem,1.2rem + 1.5vw,2.25rem);line-height:1.2}
.sk-page__top{display:flex;flex-wrap:wrap;align-items:center;justify-content:space-between;gap:var(--sm-space-3);margin-bottom:var(--sm-space-6)}
.sk-card,.sk-panel{padding:var(--sm-space-6);background:var(--sm-color-surface);border:1px solid var(--sm-color-border);border-radius:var(--sm-radius);box-shadow:var(--sm-shadow)}
.sk-card+.sk-card{margin-top:var(--sm-space-6)}
.sk-card__title{margin:0 0 var(--sm-space-4);font-size:1.3rem;line-height:1.3}
.sk-muted{color:var(--sm-color-muted)}
.sk-actions{display:flex;flex-wrap:wrap;gap:var(--sm-space-2)}
@media (max-width:600px){.sk-card{padding:var(--sm-space-4)}}
@media (max-width:600px){.sk-page{padding:var(--sm-space-4) var(--sm-space-3) var(--sm-space-6)}}
.sk-alert{margin:0 0 var(--sm-space-4);padding:var(--sm-space-3) var(--sm-space-4);border:1px solid;border-left-width:4px;border-radius:var(--sm-radius-small);color:var(--sm-color-text);overflow-wrap:anywhere}
.sk-alert--danger,.sk-tone--danger{background:var(--sm-color-danger-soft);border-color:var(--sm-color-danger)}
.sk-alert--warning,.sk-tone--warning{background:var(--sm-color-warning-soft);border-color:var(--sm-color-warning)}
.sk-alert--success,.sk-tone--success{background:var(--sm-color-success-soft);border-color:var(--sm-color-success)}
.sk-alert--info,.sk-tone--info{background:var(--sm-color-info-soft);border-color:var(--sm-color-info)}
.sk-alert__title{margin-right:var(--sm-space-1)}
.sk-alert__actions{display:flex;flex-wrap:wrap;gap:var(--sm-space-2);margin-top:var(--sm-space-3)}
.sk-field{display:flex;flex-direction:column;gap:var(--sm-space-1)}
.sk-field__label{font-weight:600}
.sk-field--required>.sk-field__label::after{content:' *';color:var(--sm-color-danger)}
.sk-field__input{width:100%;min-height:44px;padding:var(--sm-space-2) var(--sm-space-3);border:1px solid var(--sm-color-muted);border-radius:var(--sm-radius-small);background:var(--sm-color-surface);color:var(--sm-color-text);font:inherit;box-sizing:border-box}
textarea.sk-field__input{min-height:120px;resize:vertical}
.sk-field__input:disabled{background:var(--sm-color-background);color:var(--sm-color-muted);cursor:not-allowed}
.sk-field__input:read-only:not(select):not(:disabled){background:var(--sm-color-background)}
.sk-field__input[aria-invalid='true']{border-color:var(--sm-color-danger);box-shadow:0 0 0 1px var(--sm-color-danger)}
.sk-field__input:focus-visible{outline:3px solid var(--sm-color-focus);outline-offset:2px;box-shadow:0 0 0 2px var(--sm-color-text)}
.sk-field__hint{margin:0;font-size:.875rem;color:var(--sm-color-muted)}
.sk-field__error{margin:0;font-size:.875rem;font-weight:600;color:var(--sm-color-danger)}
.sk-alert p{margin:0}
.sk-alert p+p{margin-top:var(--sm-space-1)}
.sk-field--check{gap:0}
.sk-check{display:inline-flex;align-items:center;gap:var(--sm-space-2);min-height:44px;cursor:pointer}
.sk-check input{width:20px;height:20px;margin:0;accent-color:var(--sm-color-primary)}
.sk-form{display:grid;gap:var(--sm-space-4)}
.sk-dialog{position:fixed;inset:0;z-index:1000;display:flex;align-items:center;justify-content:center;padding:var(--sm-space-4);background:rgba(16,24,40,.8);font-family:var(--sm-font);color:var(--sm-color-text)}
.sk-dialog *,.sk-dialog *::before,.sk-dialog *::after{box-sizing:border-box}
.sk-dialog__panel{display:flex;flex-direction:column;gap:var(--sm-space-3);width:min(100%,1100px);max-height:100%;padding:var(--sm-space-4);border-radius:var(--sm-radius);background:var(--sm-color-surface);box-shadow:0 12px 32px rgba(16,24,40,.3);overflow:auto}
.sk-dialog__panel:focus{outline:none}
.sk-dialog a:focus-visible,.sk-dialog button:focus-visible,.sk-dialog input:focus-visible,.sk-dialog select:focus-visible,.sk-dialog textarea:focus-visible{outline:3px solid var(--sm-color-focus);outline-offset:2px;box-shadow:0 0 0 2px var(--sm-color-text)}
.sk-table{width:100%;border-collapse:collapse;font-size:.95rem}
.sk-table__caption{padding-bottom:var(--sm-space-2);text-align:left;color:var(--sm-color-muted)}
.sk-table th,.sk-table td{padding:var(--sm-space-3);border-bottom:1px solid var(--sm-color-border);text-align:left;vertical-align:top}
.sk-table thead th{background:var(--sm-color-background);font-weight:700;white-space:nowrap}
.sk-table tbody tr:last-child>*{border-bottom:0}
.sk-table .sk-table__number{text-align:right;font-variant-numeric:tabular-nums}
.sk-stepper--inline{display:flex;flex-wrap:wrap;align-items:center;gap:var(--sm-space-4)}
.sk-stepper--inline .sk-stepper__label{font-weight:600}
.sk-stepper--stacked .sk-stepper__label{display:block;margin-bottom:var(--sm-space-1);font-size:.9rem;color:var(--sm-color-muted)}
.sk-stepper__controls{display:inline-flex;align-items:center;gap:var(--sm-space-2)}
.sk-stepper__button{width:44px;height:44px;border:1px solid var(--sm-color-primary);border-radius:50%;background:var(--sm-color-surface);color:var(--sm-color-primary);font:inherit;font-size:1.25rem;font-weight:700;line-height:1;cursor:pointer}
.sk-stepper__button:hover:not(:disabled){background:var(--sm-color-primary-soft)}
.sk-stepper__button:disabled{border-color:var(--sm-color-border);color:var(--sm-color-muted);cursor:not-allowed}
.sk-stepper__button:focus-visible{outline:3px solid var(--sm-color-focus);outline-offset:2px;box-shadow:0 0 0 2px var(--sm-color-text)}
.sk-stepper__value{min-width:2ch;font-weight:700;text-align:center}
.sk-list{margin:0;padding:0;list-style:none}
.sk-cluster{display:flex;flex-wrap:wrap;align-items:center;gap:var(--sm-space-2)}
.sk-cluster--end{align-items:flex-end}
.sk-cluster--between{justify-content:space-between}
.sk-stack{display:flex;flex-direction:column;gap:var(--sm-space-2)}
.sk-stack--start{align-items:flex-start}
.sk-stack--center{align-items:center}
.sk-grid{display:grid;grid-template-columns:1fr;gap:var(--sm-space-4)}
@media (min-width:640px){.sk-grid--2,.sk-grid--3,.sk-grid--4{grid-template-columns:repeat(2,minmax(0,1fr))}}
@media (min-width:1024px){.sk-grid--3{grid-template-columns:repeat(3,minmax(0,1fr))}.sk-grid--4{grid-template-columns:repeat(4,minmax(0,1fr))}}
.sk-columns{display:grid;grid-template-columns:minmax(0,1fr);gap:var(--sm-space-6);align-items:start}
.sk-rows{display:grid;gap:var(--sm-space-2)}
.sk-tiles{display:grid;grid-template-columns:repeat(auto-fit,minmax(var(--sk-tile-min,10rem),1fr));gap:var(--sm-space-3)}
.sk-tiles--fill{grid-template-columns:repeat(auto-fill,minmax(var(--sk-tile-min,10rem),1fr))}
.sk-shrink{min-width:0}
.sk-gap-1{gap:var(--sm-space-1)}
.sk-gap-2{gap:var(--sm-space-2)}
.sk-gap-3{gap:var(--sm-space-3)}
.sk-gap-4{gap:var(--sm-space-4)}
.sk-gap-6{gap:var(--sm-space-6)}
.sk-error-note{padding:var(--sm-space-2) var(--sm-space-3);border-radius:var(--sm-radius-small);background:var(--sm-color-danger-soft);color:var(--sm-color-danger);font-weight:600}
.sk-bare-fieldset{margin:0;padding:0;border:0}
.sk-empty{padding:var(--sm-space-6) var(--sm-space-4);border:1px dashed var(--sm-color-border);border-radius:var(--sm-radius);text-align:center}
.sk-input{min-height:44px;padding:var(--sm-space-2) var(--sm-space-3);border:1px solid var(--sm-color-muted);border-radius:var(--sm-radius-small);background:var(--sm-color-surface);color:var(--sm-color-text);font:inherit}
.sk-row-button{display:flex;align-items:center;justify-content:space-between;gap:var(--sm-space-2);width:100%;min-height:44px;border:0;background:transparent;color:var(--sm-color-text);font:inherit;text-align:left}
.sk-text-block{margin:0;white-space:pre-line;overflow-wrap:anywhere}
.sk-text-block--exact{white-space:pre-wrap}
:is(.sk-list,.sk-cluster,.sk-stack,.sk-grid,.sk-rows,.sk-tiles,.sk-columns,.sk-avatar,.sk-row-button)[hidden]{display:none}
`;
