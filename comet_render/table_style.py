"""The card table's style sheet (the play table puts it in its own HTML: the same on Voilà, the
static site and in a notebook, with no external file).

A green felt with a wooden rim, the players around it, the hand as cards along the bottom (on a
screen narrower than 700 px fixed to the bottom of the screen with the actions), short
animations of plays and chips (none when the reader prefers reduced motion), a visible keyboard
focus, and text colours of at least 4.5:1 contrast. Every animation ends: the glow round the
player whose turn it is pulses three times, then stays lit (a pulse for ever repainted the page
sixty times a second, a third of a core on a page left open: a phone's battery).
"""

from __future__ import annotations

_FONT = "system-ui,-apple-system,'Segoe UI','DejaVu Sans',sans-serif"
_RED, _BLUE, _GREEN = "#c8102e", "#1560bd", "#1e7b34"

CSS = """
.comet-playtable{font-family:@FONT@;color:#1b1b1b;position:relative}
.comet-playtable .widget-html-content{font-family:@FONT@;font-size:14px;line-height:1.35}
.comet-bar{gap:4px;padding:2px 0 4px}
.comet-bar .widget-toggle-button{height:30px;padding:0 10px;font-size:13px}
.comet-bar .comet-play-link{margin-right:8px}
.comet-title{font-size:14px}.comet-title strong{font-size:16px;margin-right:6px}.comet-title span{color:#4a4330}
.comet-title .comet-teams{display:block;color:#1b1b1b;font-weight:600}
.comet-felt{position:relative;height:370px;margin:2px 0 6px;border:12px solid #6b4423;border-radius:190px;
 background:radial-gradient(ellipse at 50% 45%,#2f8f5b 0%,#1d6b45 55%,#11462f 100%);
 box-shadow:inset 0 0 40px rgba(0,0,0,.5),0 6px 16px rgba(0,0,0,.35);box-sizing:border-box;overflow:hidden}
.comet-seat{position:absolute;transform:translate(-50%,-50%);display:flex;flex-direction:column;align-items:center;
 gap:2px;min-width:72px;max-width:130px;padding:4px 8px;background:rgba(0,0,0,.42);border-radius:14px;color:#fff;
 text-align:center;z-index:2}
.comet-seat-turn{outline:3px solid #ffd24a;box-shadow:0 0 16px #ffd24a;animation:comet-pulse 1.6s ease-in-out 3}
.comet-seat-anchor{flex-direction:row;flex-wrap:wrap;justify-content:center;gap:6px;max-width:260px}
.comet-seat-name{font-weight:600;font-size:13px;display:flex;flex-wrap:wrap;justify-content:center;align-items:center;
 gap:1px 3px;max-width:170px}
.comet-seat-who{white-space:nowrap;overflow:hidden;text-overflow:ellipsis;max-width:124px}
.comet-team-letter{display:none}
.comet-bot-mark,.comet-bot-info>summary{font-weight:400;font-size:10px;border:1px solid #cfe8d8;border-radius:6px;
 padding:0 4px;white-space:nowrap}
.comet-bot-info{position:relative;line-height:1.3}
.comet-bot-info>summary{cursor:pointer;list-style:none;display:inline-block}
.comet-bot-info>summary::-webkit-details-marker{display:none}
.comet-bot-info>summary::after{content:" \\25be"}.comet-bot-info[open]>summary::after{content:" \\25b4"}
.comet-bot-about{position:absolute;top:calc(100% + 4px);left:50%;transform:translateX(-50%);width:230px;max-width:80vw;
 background:#fffdf7;color:#1b1b1b;font-size:12px;line-height:1.35;text-align:left;padding:6px 9px;border-radius:8px;
 box-shadow:0 4px 14px rgba(0,0,0,.45);white-space:normal}
.comet-seat-low .comet-bot-about{top:auto;bottom:calc(100% + 4px)}
.comet-seat:has(details[open]){z-index:8}
.comet-team-tag{font-size:10px;font-weight:700;border-radius:6px;padding:0 4px;white-space:nowrap}
.comet-seat.comet-team-a{border:2px solid #8cc8ff}.comet-seat.comet-team-b{border:2px solid #ffbe7d}
.comet-team-a .comet-team-tag{background:#8cc8ff;color:#0b2540}.comet-team-b .comet-team-tag{background:#ffbe7d;color:#3d1d00}
.comet-sr{position:absolute;width:1px;height:1px;overflow:hidden;clip:rect(0 0 0 0);white-space:nowrap}
.comet-dealer{display:inline-block;min-width:17px;height:17px;border-radius:9px;background:#fff;color:#111;font-size:10px;
 line-height:14px;font-weight:800;margin-left:4px;border:2px solid @RED@;box-sizing:border-box;text-align:center;
 padding:0 3px}
.comet-turn-tag{display:block;font-size:11px;color:#ffe9a8;font-weight:600}
.comet-seat-count{font-size:12px;color:#e8f5ec}
.comet-fan{position:relative;display:inline-block;line-height:0}
.comet-fan-count{position:absolute;left:50%;top:58%;transform:translate(-50%,-50%);background:#fff;color:#111;
 border-radius:9px;padding:0 5px;font:700 12px/16px @FONT@}
.comet-seat-cards{display:flex;flex-wrap:wrap;justify-content:center;max-width:150px;line-height:0;padding-right:8px}
.comet-seat-cards svg{margin-right:-8px}
.comet-chips{font:700 12px/18px @FONT@;background:#fff;color:#1b1b1b;border-radius:10px;padding:0 7px 0 3px;
 display:inline-flex;align-items:center;gap:3px}
.comet-chips-up{color:#145a32}.comet-chips-down{color:#8a1c12}
.comet-chip-dot{width:11px;height:11px;border-radius:50%;background:@RED@;border:2px dashed #fff;box-sizing:border-box;
 box-shadow:0 0 0 1px @RED@}
.comet-centre{position:absolute;left:50%;top:53%;transform:translate(-50%,-50%);display:flex;flex-direction:column;
 align-items:center;gap:5px;width:66%;z-index:1}
.comet-status{background:rgba(255,253,247,.95);color:#1b1b1b;border-radius:14px;padding:2px 12px;font-weight:600;
 font-size:13px;text-align:center}
.comet-tail{display:flex;align-items:center;min-height:66px;padding-right:22px}
.comet-tail-card{line-height:0;margin-right:-22px;filter:drop-shadow(0 2px 2px rgba(0,0,0,.35))}
.comet-tail-old{opacity:.6;margin-right:-16px}
.comet-tail-gap{width:30px}
.comet-tail-empty{color:#e8f5ec;font-style:italic;padding:0}
.comet-stop{margin-left:30px;background:#b3261e;color:#fff;font:800 12px/1.2 @FONT@;padding:3px 8px;border-radius:6px;
 display:flex;flex-direction:column;align-items:center;max-width:110px;text-align:center}
.comet-stop small{font-weight:400;font-size:10px}
.comet-caption{color:#fff;font-size:12px;text-align:center;max-width:100%;text-shadow:0 1px 2px #000;
 display:-webkit-box;-webkit-line-clamp:2;-webkit-box-orient:vertical;overflow:hidden}
.comet-pile{color:#e8f5ec;font-size:12px;text-align:center}
.comet-fly{animation:comet-fly .45s ease-out both}
@keyframes comet-fly{from{transform:translate(calc((var(--x) - 50) * min(1vw,11px)),calc((var(--y) - 53) * 3.6px))
 scale(.7);opacity:.3}to{transform:none;opacity:1}}
.comet-chip-fly{position:absolute;width:16px;height:16px;border-radius:50%;background:@RED@;border:3px dashed #fff;
 box-sizing:border-box;left:var(--x1);top:var(--y1);opacity:0;z-index:3;pointer-events:none;
 animation:comet-chip .9s ease-in-out both}
@keyframes comet-chip{0%{left:var(--x0);top:var(--y0);opacity:1}85%{opacity:1}100%{left:var(--x1);top:var(--y1);opacity:0}}
@keyframes comet-pulse{50%{box-shadow:0 0 4px #ffd24a}}
.comet-settle{position:absolute;inset:10px 14%;z-index:5;background:#fffdf7;color:#1b1b1b;border-radius:14px;
 box-shadow:0 8px 30px rgba(0,0,0,.5);padding:8px 14px}
.comet-felt:has(>.comet-settle[open]){height:auto;min-height:370px}
.comet-felt>.comet-settle[open]{position:relative;inset:auto;margin:10px 14%;max-width:none}
.comet-felt:has(>.comet-settle[open]) .comet-centre{visibility:hidden}
.comet-settle:not([open]){inset:auto auto 10px 50%;transform:translateX(-50%);padding:4px 12px}
.comet-settle>summary{font-weight:700;font-size:15px;cursor:pointer}
.comet-settle p{margin:3px 0}.comet-settle h4{margin:6px 0 2px;font-size:13px}
.comet-settle ul{margin:2px 0 4px 18px;padding:0}
.comet-settle-more>summary{cursor:pointer;font-weight:600;font-size:13px;margin-top:4px}
.comet-net{border-collapse:collapse;margin-top:4px;width:100%}
.comet-net caption{text-align:left;font-weight:600;font-size:13px}
.comet-net thead th{font-size:12px;color:#4a4330;font-weight:600;text-align:left;padding:0 10px 1px 0}
.comet-net thead th:last-child{text-align:right;padding-right:0}
.comet-net th{text-align:left;font-weight:400;padding:0 10px 0 0;white-space:nowrap}
.comet-net td{text-align:left}.comet-net .comet-net-left{font-size:13px;padding-right:10px}
.comet-net .comet-net-value{text-align:right;font-weight:700;white-space:nowrap}
.comet-net-side th,.comet-net-side td{border-top:1px solid #d8ceb2;padding-top:3px;font-weight:700!important}
.comet-net-team.comet-team-a th[scope=rowgroup]{box-shadow:inset 4px 0 #8cc8ff;padding-left:8px}
.comet-net-team.comet-team-b th[scope=rowgroup]{box-shadow:inset 4px 0 #ffbe7d;padding-left:8px}
.comet-up{color:#145a32}.comet-down{color:#8a1c12}
.comet-handover{position:absolute;inset:0;background:rgba(8,36,24,.94);display:flex;align-items:center;
 justify-content:center;z-index:6}
.comet-handover-card{background:#fffdf7;color:#1b1b1b;border-radius:16px;padding:18px 26px;font-size:22px;
 font-weight:700;text-align:center;max-width:80%}
.comet-handover-card small{display:block;font-size:14px;font-weight:400;margin-top:6px}
.comet-dock{background:#f4efe1;border:1px solid #d8ceb2;border-radius:12px;padding:4px 8px 8px;box-sizing:border-box}
.comet-prompt{font-weight:600;margin:0}
.comet-play-hand{justify-content:center;padding:16px 0 2px;row-gap:8px;overflow:visible}
.comet-card-slot{overflow:visible!important;margin:0!important;min-width:0}
.comet-card-slot .widget-button{width:58px!important;height:80px!important;padding:4px 0 0 5px;margin:0;display:block;text-align:left;
 vertical-align:top;background:#fffdf7;border:1px solid #8b8577;border-radius:7px;box-shadow:1px 2px 4px rgba(0,0,0,.3);
 font:700 19px/1 Georgia,'DejaVu Serif',serif;color:#1b1b1b;white-space:pre;overflow:visible;position:relative;
 transition:transform .12s}
.comet-card-slot .widget-button::after{position:absolute;right:6px;bottom:3px;font-size:28px;line-height:1}
.comet-suit-S .widget-button::after{content:"\\2660" / ""}.comet-suit-C .widget-button::after,.comet-suit-XC .widget-button::after{content:"\\2663" / ""}
.comet-suit-H .widget-button::after{content:"\\2665" / ""}.comet-suit-D .widget-button::after,.comet-suit-XD .widget-button::after{content:"\\2666" / ""}
.comet-suit-W .widget-button::after{content:"\\2605" / "";color:#8a6100}
.comet-suit-H .widget-button,.comet-suit-D .widget-button{color:@RED@}
.comet-suit-XD .widget-button{color:@BLUE@}.comet-suit-XC .widget-button{color:@GREEN@}
.comet-suit-W .widget-button{border:3px double #b07d00;color:#5a3d00}
.comet-card-legal .widget-button{transform:translateY(-12px);border-color:#1f8a4c;box-shadow:0 0 0 2px #1f8a4c,
 0 6px 10px rgba(0,0,0,.3)}
.comet-card-legal .widget-button:hover,.comet-card-legal .widget-button:focus-visible{transform:translateY(-17px)}
.comet-card-dim .widget-button{background:#e9e5da;color:#55524a}
.comet-card-dim.comet-suit-H .widget-button,.comet-card-dim.comet-suit-D .widget-button{color:#a30d25}
.comet-card-hint .widget-button,.widget-button.comet-card-hint{box-shadow:0 0 0 3px #e0a100,0 0 14px 5px rgba(224,161,0,.8)}
.comet-card-hint .widget-button::before{content:"\\2605" / "";position:absolute;top:-11px;left:-9px;width:22px;height:22px;
 border-radius:50%;background:#e0a100;color:#1b1b1b;font:700 13px/22px @FONT@;text-align:center}
.comet-playtable .widget-button:focus-visible,.comet-playtable .widget-toggle-button:focus-visible,
.comet-playtable select:focus-visible,.comet-playtable input:focus-visible,.comet-playtable .comet-log:focus-visible,
.comet-playtable .comet-paylist:focus-visible{
 outline:3px solid #1f3f73;outline-offset:2px;z-index:4}
.comet-actions{gap:4px;padding-top:4px}
.comet-actions .widget-button{height:36px;padding:0 12px;font-size:14px}
.comet-play-choice{font-size:15px!important;font-weight:700!important;background:#fffdf7!important;color:#1b1b1b!important;
 border:2px solid #1f8a4c!important;border-radius:7px!important;box-shadow:1px 2px 4px rgba(0,0,0,.25)}
.comet-panel .widget-html-content{background:#fffdf7;border:1px solid #ddd5bd;border-radius:8px;padding:4px 10px;margin:6px 0}
.comet-panel h3{font-size:14px;margin:4px 0}
.comet-log,.comet-paylist{max-height:16em;overflow-y:auto}
.comet-log ol,.comet-paylist ol{margin:2px 0;padding:0 0 0 3.4em}
.comet-scores th{text-align:left;font-weight:400;padding-right:12px}.comet-scores td{text-align:right;font-weight:700}
.comet-settings{border:1px solid #ddd5bd;border-radius:8px;padding:6px;margin:6px 0;background:#fffdf7}
.comet-dock-spacer{height:0}
.comet-lesson-instruction{font-size:16px;line-height:1.35;font-weight:600;background:#fff8d8;border-left:5px solid #b07d00;
 border-radius:6px;padding:6px 10px;margin:2px 0 4px;color:#1b1b1b}
.comet-lesson .comet-felt{height:300px}
.comet-lesson .comet-felt:has(>.comet-settle[open]){min-height:0}
.comet-lesson-result .comet-prompt{display:none}
.comet-lesson-instruction:focus{outline:3px solid #1f3f73;outline-offset:1px}
.comet-lesson-title{font-size:15px;margin:2px 0}.comet-lesson-number{color:#5b574d}
.comet-lesson-summary{font-size:14px;margin:0 0 4px;color:#333}.comet-lesson-sources{color:#5b574d;font-size:13px}
.comet-lesson-mark{color:#145a32;font-weight:700}
.comet-lesson-path ol{margin:2px 0 6px 22px;padding:0}.comet-lesson-path h4{margin:6px 0 2px;font-size:14px}
.comet-lesson-path a[aria-current]{font-weight:700}
.comet-lesson-list>summary{cursor:pointer;font-weight:600;font-size:14px;color:#1f3f73;margin:0 0 2px}
.comet-lesson-list[open]{background:#fffdf7;border:1px solid #ddd5bd;border-radius:8px;padding:2px 10px 4px;margin:0 0 6px}
.comet-lesson-list nav{columns:2 300px;column-gap:24px}.comet-lesson-list nav h4{break-after:avoid}
.comet-lesson-list nav ol{break-inside:avoid-column}.comet-lesson-list nav p{column-span:all;font-size:13px;margin:2px 0}
.comet-stars{color:#8a6100;letter-spacing:1px}.comet-stars-words{font-weight:600}
.comet-lesson-todo .comet-stars-words{color:#5b574d;font-weight:400}
.comet-skip-hand{position:absolute;left:-10000px;top:auto;width:1px;height:1px;overflow:hidden}
.comet-skip-hand:focus{position:static;width:auto;height:auto;display:inline-block;background:#1f3f73;color:#fff;
 padding:4px 10px;border-radius:6px;font-weight:600}
.comet-felt-notice{position:absolute;top:8px;left:50%;transform:translateX(-50%);z-index:4;background:#fffdf7;
 color:#1b1b1b;border-radius:12px;padding:2px 14px;font-weight:700;font-size:14px;box-shadow:0 2px 6px rgba(0,0,0,.35);
 animation:comet-notice .9s ease-out}
@keyframes comet-notice{from{opacity:0;transform:translate(-50%,-10px)}}
.comet-felt:has(>.comet-settle[open]) .comet-seat{visibility:hidden}
.comet-rules-panel h4{font-size:14px;margin:6px 0 2px}.comet-rules-panel p,.comet-rules-text{margin:0 0 4px;font-size:14px;max-width:60em}
.comet-rule-now{background:#eef4ea;border-left:4px solid #1f8a4c;padding:4px 8px}
@VOTES@
.comet-mode-class .comet-felt{height:520px}
.comet-mode-class .comet-seat-name{font-size:17px}.comet-mode-class .comet-status{font-size:18px}
.comet-mode-class .comet-card-slot .widget-button{width:76px!important;height:104px!important;font-size:26px}
.comet-mode-class .comet-card-slot .widget-button::after{font-size:38px}
.comet-mode-class .comet-bar .widget-toggle-button,.comet-mode-class .comet-page-lead{display:none}
.comet-mode-class .comet-prompt,.comet-mode-class .comet-actions .widget-button{font-size:18px}
.comet-mode-class .comet-table-message div{font-size:18px!important;font-weight:600}
@media (min-width:1200px) and (min-height:700px){
 /* --u is a pixel of a 1080p projector: the class table keeps its proportions and fills the screen's
    height (1920 x 1080: body text 28 px; 3840 x 2160: 56 px). */
 .comet-mode-class{--u:min(calc(100vh / 1080),calc(100vw / 1400))}
 .comet-mode-class .widget-html-content,.comet-mode-class .comet-title,.comet-mode-class .comet-title strong,
 .comet-mode-class .comet-play-link a,.comet-mode-class .comet-settle,.comet-mode-class .comet-settle>summary,
 .comet-mode-class .comet-net caption,.comet-mode-class .comet-net .comet-net-left,.comet-mode-class .comet-net thead th,
 .comet-mode-class .comet-settle-more>summary,.comet-mode-class .comet-panel h3,.comet-mode-class .comet-rules-panel p,.comet-mode-class .comet-rules-text,
 .comet-mode-class .comet-rules-panel h4{font-size:calc(28 * var(--u))!important;line-height:1.3}
 .comet-mode-class .comet-page-title{display:none}
 .comet-mode-class .comet-title strong{font-weight:800}
 .comet-mode-class .comet-felt{height:calc(500 * var(--u));border-width:calc(12 * var(--u));
  background:radial-gradient(ellipse at 50% 45%,#1f6f45 0%,#14502f 60%,#0b3320 100%)}
 .comet-mode-class .comet-seat{max-width:calc(300 * var(--u));padding:calc(6 * var(--u)) calc(14 * var(--u));
  background:rgba(0,0,0,.7);gap:calc(4 * var(--u)) calc(8 * var(--u));flex-direction:row;flex-wrap:wrap;
  justify-content:center}
 .comet-mode-class .comet-bot-info{display:none}
 .comet-mode-class .comet-seat-name{font-size:calc(30 * var(--u));max-width:none}
 .comet-mode-class .comet-seat-who{max-width:calc(300 * var(--u))}
 .comet-mode-class .comet-chips{line-height:1.3;padding:0 calc(8 * var(--u)) 0 calc(4 * var(--u));border-radius:calc(14 * var(--u))}
 .comet-mode-class .comet-chip-dot{width:calc(18 * var(--u));height:calc(18 * var(--u))}
 .comet-mode-class .comet-seat-anchor{top:90%!important;max-width:none;flex-wrap:nowrap}
 .comet-mode-class .comet-seat-count,.comet-mode-class .comet-pile,.comet-mode-class .comet-turn-tag,
 .comet-mode-class .comet-chips,.comet-mode-class .comet-bot-mark,.comet-mode-class .comet-bot-info>summary,
 .comet-mode-class .comet-team-tag{font-size:calc(24 * var(--u))}
 .comet-mode-class .comet-dealer{width:calc(28 * var(--u));height:calc(28 * var(--u));font-size:calc(17 * var(--u));
  line-height:calc(24 * var(--u))}
 .comet-mode-class .comet-fan svg{display:none}
 .comet-mode-class .comet-fan-count{position:static;transform:none;display:inline-block;font-size:calc(24 * var(--u));
  line-height:1.3;padding:0 calc(10 * var(--u));border-radius:calc(14 * var(--u))}
 .comet-mode-class .comet-play-choice{font-size:calc(28 * var(--u))!important;min-height:calc(52 * var(--u))}
 .comet-mode-class .comet-centre{width:72%;gap:calc(6 * var(--u));top:54%}
 .comet-mode-class .comet-status{font-size:calc(32 * var(--u));padding:calc(4 * var(--u)) calc(20 * var(--u));
  background:#fff;color:#000}
 .comet-mode-class .comet-tail{min-height:calc(124 * var(--u));padding-right:calc(40 * var(--u))}
 .comet-mode-class .comet-tail-card{margin-right:calc(-40 * var(--u))}
 .comet-mode-class .comet-tail-card svg{width:calc(86 * var(--u));height:calc(120 * var(--u))}
 .comet-mode-class .comet-tail-old svg{width:calc(70 * var(--u));height:calc(98 * var(--u))}
 .comet-mode-class .comet-stop{font-size:calc(26 * var(--u));max-width:none;padding:calc(6 * var(--u)) calc(12 * var(--u))}
 .comet-mode-class .comet-stop small{font-size:calc(20 * var(--u))}
 .comet-mode-class .comet-caption{font-size:calc(28 * var(--u));text-shadow:0 2px 4px #000;font-weight:600}
 .comet-mode-class .comet-dock{padding:calc(6 * var(--u)) calc(14 * var(--u)) calc(12 * var(--u))}
 .comet-mode-class .comet-prompt{font-size:calc(30 * var(--u))}
 .comet-mode-class .comet-play-hand{grid-template-columns:repeat(auto-fit,calc(104 * var(--u)))!important;
  padding-top:calc(46 * var(--u));row-gap:calc(40 * var(--u))}
 .comet-mode-class .comet-card-slot .widget-button{width:calc(90 * var(--u))!important;height:calc(124 * var(--u))!important;
  font-size:calc(38 * var(--u));padding:calc(6 * var(--u)) 0 0 calc(8 * var(--u))}
 .comet-mode-class .comet-card-slot .widget-button::after{font-size:calc(52 * var(--u));right:calc(8 * var(--u))}
 .comet-mode-class .comet-card-legal .widget-button{transform:translateY(calc(-16 * var(--u)))}
 .comet-mode-class .comet-card-legal .widget-button::before{top:calc(-26 * var(--u));right:calc(-12 * var(--u));
  width:calc(46 * var(--u));height:calc(46 * var(--u));font-size:calc(30 * var(--u));line-height:calc(46 * var(--u))}
 .comet-mode-class .comet-actions .widget-button{font-size:calc(28 * var(--u));height:auto;min-height:calc(52 * var(--u));
  padding:0 calc(20 * var(--u))}
 .comet-mode-class .comet-table-message div{font-size:calc(32 * var(--u))!important;padding:calc(4 * var(--u)) calc(12 * var(--u))!important}
}
@media (max-width:700px){
 .comet-felt{height:300px;border-width:6px;border-radius:80px;margin:0 0 4px}
 .comet-seat{min-width:0;max-width:84px;padding:1px 4px;border-radius:9px;gap:0}
 .comet-seat-anchor{gap:2px 6px;max-width:200px}
 .comet-seat-name{font-size:11px;max-width:84px}.comet-seat-who{max-width:66px}
 .comet-bot-mark,.comet-turn-tag{display:none}
 .comet-bot-info>summary{font-size:0;border:0;padding:0}
 .comet-bot-info>summary::after,.comet-bot-info[open]>summary::after{content:"i";display:inline-block;width:13px;
  height:13px;border:1px solid #cfe8d8;border-radius:50%;font:italic 700 10px/13px Georgia,serif;text-align:center}
 .comet-team-tag{font-size:9px;padding:0 3px;margin-left:2px}
 .comet-team-word{display:none}.comet-team-letter{display:inline}
 .comet-felt:has(>.comet-settle[open]){min-height:300px}
 .comet-fan svg{width:34px;height:24px}.comet-fan-count{font-size:11px;line-height:14px}
 .comet-chips{font-size:11px;line-height:15px}
 .comet-felt-6,.comet-felt-7,.comet-felt-8{height:330px}
 .comet-lesson .comet-felt{height:260px}.comet-lesson .comet-caption{-webkit-line-clamp:1}
 .comet-page-title{font-size:1.2rem!important;margin:.1rem 0!important}
 .comet-page-lead{font-size:13px;margin:0 0 4px;display:-webkit-box;-webkit-line-clamp:2;-webkit-box-orient:vertical;
  overflow:hidden}
 .comet-centre{width:80%;top:55%}
 .comet-tail{min-height:50px}.comet-tail-card svg{width:33px;height:46px}.comet-tail-card{margin-right:-17px}
 .comet-tail-old svg{width:24px;height:34px}
 .comet-settle{inset:6px}.comet-felt>.comet-settle[open]{margin:6px}
 .comet-net th{white-space:normal}
 .comet-dock{position:fixed;left:0;right:0;bottom:0;z-index:50;border-radius:12px 12px 0 0;border-width:1px 0 0;
  box-shadow:0 -4px 14px rgba(0,0,0,.28);max-height:62vh;overflow-y:auto;padding:2px 6px 6px}
 .comet-play-hand{padding-top:14px}
 .comet-card-slot .widget-button{width:50px!important;height:66px!important;font-size:16px;padding:4px 0 0 4px}
 .comet-card-slot .widget-button::after{font-size:22px;right:4px}
 .comet-actions .widget-button{height:34px;padding:0 8px;font-size:13px}
 .comet-dock-rows-1{height:210px}.comet-dock-rows-2{height:290px}
 .comet-lesson .comet-dock-rows-1{height:330px}.comet-lesson .comet-dock-rows-2{height:410px}
 .comet-dock>*{flex-shrink:0}
 .comet-lesson .comet-dock{max-height:72vh}
 .comet-lesson-instruction{font-size:14px;padding:4px 8px;margin:0 0 2px}
 .comet-lesson-summary{display:none}
 .comet-lesson .comet-page-lead,.comet-lesson .comet-play-link,.comet-lesson .comet-bar .comet-title{display:none}
 .comet-lesson .comet-felt:has(>.comet-settle[open]){min-height:0}
}
@media (prefers-reduced-motion:reduce){
 .comet-fly,.comet-seat-turn,.comet-felt-notice{animation:none}.comet-chip-fly{display:none}
 .comet-card-slot .widget-button{transition:none}
}
"""


def _votes() -> str:
    """The class table's letters on the playable cards (``comet-vote-a`` ... ``z``)."""
    rules = [f'.comet-vote-{chr(97 + i)} .widget-button::before{{content:"{chr(65 + i)}"}}' for i in range(26)]
    return ("\n".join(rules) + "\n.comet-mode-class .comet-card-legal .widget-button::before{position:absolute;top:-14px;"
            "right:-8px;background:#1f3f73;color:#fff;border-radius:50%;width:28px;height:28px;font:700 17px/28px "
            + _FONT + ";text-align:center}")


def table_css() -> str:
    """The style sheet, in a ``<style>`` element."""
    css = CSS
    for token, value in (("@FONT@", _FONT), ("@RED@", _RED), ("@BLUE@", _BLUE), ("@GREEN@", _GREEN),
                         ("@VOTES@", _votes())):
        css = css.replace(token, value)
    return "<style>" + css + "</style>"
