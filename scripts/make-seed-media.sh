#!/usr/bin/env bash
# Regenerates every file in mock-api/seed/media/ (the demo seed's pictures and videos) with ffmpeg.
#
# Only for regenerating the committed files: nothing runs this at build or run time. Everything is
# drawn from ffmpeg's own sources and expressions (no downloads, no randomness without a fixed
# seed), so running it again with the same ffmpeg gives the same files. Needs ffmpeg and ffprobe
# with libx264, drawtext and the DejaVu fonts (Debian: apt-get install ffmpeg fonts-dejavu-core).
#
#   scripts/make-seed-media.sh            # rewrites mock-api/seed/media/
#   scripts/make-seed-media.sh posters    # only (re)makes the videos' posters from the videos there
#
# Kinds of files (paths in seed.json are "seed/<name>"):
#   <user-id>.jpg           256x256 JPEG avatar (initials on a gradient), one per profile but sam-lee
#   giver-<name>.jpg        128x128 JPEG avatar of a person who gave thanks
#   *-feed-NN.{jpg,png}     640x480 feed photos, 25 KB to ~120 KB each (the product's upload rule
#                           is 25 KB to 5 MB, so they look like real uploads)
#   *-gallery-NN.{jpg,png}  320x320 gallery pictures (no minimum size)
#   ava-video-*.mp4         320x240 H.264 (main profile, yuv420p, faststart), 4 to 5 s, no audio
#   ava-video-*-poster.jpg  each video's poster (its thumbnailUrl), made as the app makes one for an
#                           upload: the frame at 0.1 s, within 300x300, JPEG quality about 0.7
set -euo pipefail

ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
OUT="$ROOT/mock-api/seed/media"
FONT=/usr/share/fonts/truetype/dejavu/DejaVuSans-Bold.ttf
[[ -f "$FONT" ]] || { echo "missing font $FONT (apt-get install fonts-dejavu-core)" >&2; exit 1; }
command -v ffmpeg >/dev/null && command -v ffprobe >/dev/null || { echo 'ffmpeg/ffprobe not found' >&2; exit 1; }

mkdir -p "$OUT"

# Output flags that keep files free of encoder versions, dates and other varying metadata.
EXACT=(-fflags +bitexact -flags:v +bitexact -map_metadata -1)

# still OUT FILTERGRAPH [JPEG-QUALITY]: one frame from a black canvas through FILTERGRAPH.
# The canvas size is set by the first filter (geq keeps the canvas size, so callers pass it).
still() {
  local out=$1 size=$2 graph=$3 q=${4:-4}
  local codec=(-pix_fmt yuvj420p -q:v "$q")
  [[ $out == *.png ]] && codec=(-compression_level 9)
  ffmpeg -nostdin -y -v error -f lavfi -i "color=c=black:s=$size:r=1" -frames:v 1 \
    -vf "$graph" "${codec[@]}" "${EXACT[@]}" "$OUT/$out"
}

# caption TEXT SCALE: a white caption on a soft dark band at the bottom (TEXT without ' or :).
caption() {
  local text=$1 k=$2
  local size; size=$(awk -v k="$k" 'BEGIN { print int(26 * k) }')
  local pad; pad=$(awk -v k="$k" 'BEGIN { print int(16 * k) }')
  printf "drawtext=fontfile=%s:text='%s':fontsize=%s:fontcolor=white:x=(w-tw)/2:y=h-th-%s:box=1:boxcolor=black@0.35:boxborderw=%s" \
    "$FONT" "$text" "$size" "$pad" "$((pad / 2))"
}

# ---------------------------------------------------------------------------------------------
# Latte art seen from above: a cup on a saucer on a wooden table, with a heart, rings or tulip.
# latte_expr PATTERN BG_R BG_G BG_B DX DY SCALE TIME_GROWTH -> prints "r=..:g=..:b=.." for geq.
latte_expr() {
  local pat=$1 br=$2 bg=$3 bb=$4 ox=$5 oy=$6 k=$7 grow=${8:-1}
  # vars: 0 = x from the cup centre, 1 = y, 2 = distance, 5 = pattern size (grows in videos)
  local pre="st(5,$grow);st(0,(X-W/2-$ox*$k)/$k);st(1,(Y-H/2-$oy*$k)/$k);st(2,hypot(ld(0),ld(1)))"
  local foam
  case $pat in
    heart) foam="lte(pow(pow(ld(0)/(66*ld(5)),2)+pow((8-ld(1))/(66*ld(5)),2)-1,3)-pow(ld(0)/(66*ld(5)),2)*pow((8-ld(1))/(66*ld(5)),3),0)" ;;
    rings) foam="lt(ld(2),92*ld(5))*gt(sin(ld(2)/6),0.45)" ;;
    tulip) foam="gt(lt(hypot(ld(0)/50,(ld(1)-45)/32),ld(5))+lt(hypot(ld(0)/42,(ld(1)+2)/25),ld(5))*gt(hypot(ld(0)/50,(ld(1)-40)/38),1)+lt(hypot(ld(0)/33,(ld(1)+45)/20),ld(5))*gt(hypot(ld(0)/42,ld(1)/32),1)+lt(abs(ld(0)),2.5)*lt(abs(ld(1)+5),80*ld(5)),0)" ;;
    *) echo "unknown latte pattern $pat" >&2; exit 1 ;;
  esac
  # channel BACKGROUND SAUCER RIM COFFEE FOAM
  local wood="*(0.9+0.1*sin(Y/(8*$k)+2*sin(X/(55*$k))))*if(lt(ld(2),200),0.78,1)"
  channel() {
    printf "%s;if(lt(ld(2),120),if(%s,%s,%s*(1-ld(2)/520)),if(lt(ld(2),138),%s-(ld(2)-120)*1.3,if(between(ld(0),132,172)*lt(abs(ld(1)),13),%s-abs(ld(1)),if(lt(ld(2),186),%s-abs(ld(2)-160)*0.35,%s%s))))" \
      "$pre" "$foam" "$5" "$4" "$3" "$3" "$2" "$1" "$wood"
  }
  printf "r='%s':g='%s':b='%s'" \
    "$(channel "$br" 236 250 140 247)" "$(channel "$bg" 234 248 90 238)" "$(channel "$bb" 240 246 50 224)"
}

# latte OUT WxH PATTERN BG_R BG_G BG_B DX DY CAPTION [JPEG-QUALITY]
latte() {
  local out=$1 size=$2 pat=$3 br=$4 bg=$5 bb=$6 ox=$7 oy=$8 text=$9 q=${10:-2}
  local w=${size%x*} h=${size#*x}
  local k; k=$(awk -v w="$w" -v h="$h" 'BEGIN { m = w < h ? w : h; print m / 480 }')
  local graph="geq=$(latte_expr "$pat" "$br" "$bg" "$bb" "$ox" "$oy" "$k"),noise=alls=10:allf=u:all_seed=$((br + bg + bb))"
  [[ -n $text ]] && graph+=",$(caption "$text" "$k")"
  still "$out" "$size" "$graph" "$q"
}

# ---------------------------------------------------------------------------------------------
# Rolling hills under a sky with a sun. Colours are "r g b" triples.
# hills_expr SKY_TOP SKY_BOTTOM SUN FAR NEAR SUN_X SUN_Y PHASE -> "r=..:g=..:b=.." for geq.
hills_expr() {
  local -a top=($1) bot=($2) sun=($3) far=($4) near=($5)
  local sx=$6 sy=$7 ph=$8
  local pre="st(0,hypot(X-W*$sx,Y-H*$sy));st(1,gt(Y,H*0.56+H*0.07*sin(X/W*5+$ph)+H*0.03*sin(X/W*13+$ph*2)));st(2,gt(Y,H*0.72+H*0.06*sin(X/W*4+$ph*3+1)));st(3,Y/H)"
  channel() {
    printf "%s;if(ld(2),%s*(1.1-0.3*ld(3)),if(ld(1),%s*(1.05-0.2*ld(3)),if(lt(ld(0),H*0.09),%s,min(255,%s+(%s-%s)*ld(3)*1.6+90*exp(-ld(0)/(H*0.12))))))" \
      "$pre" "$5" "$4" "$3" "$1" "$2" "$1"
  }
  printf "r='%s':g='%s':b='%s'" \
    "$(channel "${top[0]}" "${bot[0]}" "${sun[0]}" "${far[0]}" "${near[0]}")" \
    "$(channel "${top[1]}" "${bot[1]}" "${sun[1]}" "${far[1]}" "${near[1]}")" \
    "$(channel "${top[2]}" "${bot[2]}" "${sun[2]}" "${far[2]}" "${near[2]}")"
}

# hills OUT WxH SKY_TOP SKY_BOTTOM SUN FAR NEAR SUN_X SUN_Y PHASE CAPTION [JPEG-QUALITY]
hills() {
  local out=$1 size=$2 text=${11} q=${12:-2}
  local w=${size%x*} h=${size#*x}
  local k; k=$(awk -v w="$w" -v h="$h" 'BEGIN { m = w < h ? w : h; print m / 480 }')
  local graph="geq=$(hills_expr "$3" "$4" "$5" "$6" "$7" "$8" "$9" "${10}"),noise=alls=12:allf=u:all_seed=${#out}"
  [[ -n $text ]] && graph+=",$(caption "$text" "$k")"
  still "$out" "$size" "$graph" "$q"
}

# ---------------------------------------------------------------------------------------------
# Confetti dots on a soft diagonal gradient, optionally with a word in a white box. PNG-friendly.
# confetti OUT WxH SEED CELL BG_FROM BG_TO TEXT
confetti() {
  local out=$1 size=$2 seed=$3 cell=$4 text=$7
  local -a from=($5) to=($6)
  local -a pr=(255 255 80 120 250) pg=(99 200 200 140 250) pb=(132 60 170 255 250)
  local hash='mod(abs(sin(ld(3)*12.9898+ld(4)*78.233+S))*43758.5453,1)'
  local pre="st(3,floor(X/$cell));st(4,floor(Y/$cell));st(5,${hash//S/$seed});st(6,${hash//S/$seed+1.7});st(7,${hash//S/$seed+3.1});st(8,clip(0.2*$cell-2+ld(7)*0.25*$cell-hypot(X-(ld(3)+0.5+(ld(5)-0.5)*0.45)*$cell,Y-(ld(4)+0.5+(ld(6)-0.5)*0.45)*$cell),0,1)*gt(ld(7),0.2));st(9,floor(mod(ld(7)*50,5)))"
  channel() {
    printf "%s;st(1,%s+(%s-%s)*(X+Y)/(W+H));st(2,if(eq(ld(9),0),%s,if(eq(ld(9),1),%s,if(eq(ld(9),2),%s,if(eq(ld(9),3),%s,%s)))));ld(1)+(ld(2)-ld(1))*ld(8)" \
      "$pre" "$1" "$2" "$1" "$3" "$4" "$5" "$6" "$7"
  }
  local graph
  graph="geq=r='$(channel "${from[0]}" "${to[0]}" "${pr[@]}")':g='$(channel "${from[1]}" "${to[1]}" "${pg[@]}")':b='$(channel "${from[2]}" "${to[2]}" "${pb[@]}")'"
  if [[ -n $text ]]; then
    local h=${size#*x}
    graph+=",drawtext=fontfile=$FONT:text='$text':fontsize=$((h * 3 / 20)):fontcolor=0x3d2c5e:x=(w-tw)/2:y=(h-th)/2:box=1:boxcolor=white@0.85:boxborderw=$((h / 26))"
  fi
  still "$out" "$size" "$graph"
}

# ---------------------------------------------------------------------------------------------
# A Mandelbrot detail with its colours turned by HUE degrees.
# fractal OUT WxH X Y SCALE HUE CAPTION [JPEG-QUALITY]
fractal() {
  local out=$1 size=$2 fx=$3 fy=$4 scale=$5 hue=$6 text=$7 q=${8:-6}
  local h=${size#*x}
  local k; k=$(awk -v h="$h" 'BEGIN { print h / 480 }')
  local graph="hue=h=$hue:s=0.85"
  [[ -n $text ]] && graph+=",$(caption "$text" "$k")"
  ffmpeg -nostdin -y -v error -f lavfi \
    -i "mandelbrot=s=$size:r=1:start_x=$fx:start_y=$fy:start_scale=$scale:end_scale=$scale:maxiter=2048:outer=normalized_iteration_count:inner=period" \
    -frames:v 1 -vf "$graph" -pix_fmt yuvj420p -q:v "$q" "${EXACT[@]}" "$OUT/$out"
}

# ---------------------------------------------------------------------------------------------
# A greeting card: big words on a two-colour gradient with a little grain.
# card OUT WxH FROM TO TEXT [SUBTEXT] [JPEG-QUALITY] [GRAIN]
card() {
  local out=$1 size=$2 from=$3 to=$4 text=$5 sub=${6:-} q=${7:-2} grain=${8:-12}
  local w=${size%x*} h=${size#*x}
  local graph="gradients=s=$size:c0=$from:c1=$to:nb_colors=2:x0=0:y0=0:x1=$w:y1=$h:seed=1"
  graph+=",format=yuv420p,noise=alls=$grain:allf=u:all_seed=${#text}"
  local fs=$((h / 6)) fit=$((w * 3 / 2 / ${#text}))
  ((fit < fs)) && fs=$fit
  graph+=",drawtext=fontfile=$FONT:text='$text':fontsize=$fs:fontcolor=white:x=(w-tw)/2:y=(h-th)/2-$((h / 14)):shadowx=3:shadowy=3:shadowcolor=black@0.3"
  [[ -n $sub ]] && graph+=",drawtext=fontfile=$FONT:text='$sub':fontsize=$((h / 16)):fontcolor=white@0.9:x=(w-tw)/2:y=(h/2)+$((h / 9))"
  ffmpeg -nostdin -y -v error -f lavfi -i "$graph" -frames:v 1 -pix_fmt yuvj420p -q:v "$q" "${EXACT[@]}" "$OUT/$out"
}

# avatar OUT SIZE FROM TO INITIALS: initials on a diagonal gradient (the app crops it round).
avatar() {
  local out=$1 size=$2 from=$3 to=$4 initials=$5
  ffmpeg -nostdin -y -v error -f lavfi \
    -i "gradients=s=${size}x${size}:c0=$from:c1=$to:nb_colors=2:x0=0:y0=0:x1=$size:y1=$size:seed=1" \
    -frames:v 1 \
    -vf "drawtext=fontfile=$FONT:text='$initials':fontsize=$((size * 2 / 5)):fontcolor=white:x=(w-tw)/2:y=(h-th)/2:shadowx=2:shadowy=2:shadowcolor=black@0.25" \
    -pix_fmt yuvj420p -q:v 3 "${EXACT[@]}" "$OUT/$out"
}

# ---------------------------------------------------------------------------------------------
# Videos: H.264 main profile, yuv420p, moov first (faststart), single thread so runs repeat.
X264=(-c:v libx264 -profile:v main -level 3.0 -preset medium -pix_fmt yuv420p -threads 1
  -g 48 -movflags +faststart -an)

# video_from_graph OUT SECONDS FILTERGRAPH [CRF]
video_from_graph() {
  local out=$1 seconds=$2 graph=$3 crf=${4:-26}
  ffmpeg -nostdin -y -v error -f lavfi -i "$graph" -t "$seconds" "${X264[@]}" -crf "$crf" "${EXACT[@]}" "$OUT/$out"
}

# ---------------------------------------------------------------------------------------------
# Posters: what the app sends with an uploaded video (src/features/gratitude/media/videoThumbnail.ts,
# spec section 9): the frame at 0.1 s, fitted within 300x300 (never enlarged), JPEG at about
# quality 0.7 (ffmpeg's -q:v 6), written beside the video as <video>-poster.jpg.
poster() {
  local video=$1
  ffmpeg -nostdin -y -v error -ss 0.1 -i "$OUT/$video" -frames:v 1 \
    -vf "scale=w='min(300,iw)':h='min(300,ih)':force_original_aspect_ratio=decrease" \
    -pix_fmt yuvj420p -q:v 6 "${EXACT[@]}" "$OUT/${video%.mp4}-poster.jpg"
}

# posters: a poster for every video in the folder, each checked (a JPEG of at most 300x300).
posters() {
  local f size
  for f in "$OUT"/*.mp4; do
    poster "$(basename "$f")"
    size=$(ffprobe -v error -select_streams v:0 -show_entries stream=width,height -of csv=p=0 \
      "${f%.mp4}-poster.jpg")
    echo "$(basename "${f%.mp4}")-poster.jpg: ${size/,/x}, $(stat -c %s "${f%.mp4}-poster.jpg") bytes"
    ((${size%,*} <= 300 && ${size#*,} <= 300)) || { echo "  larger than 300x300" >&2; exit 1; }
  done
}

if [[ ${1:-} == posters ]]; then
  posters
  exit 0
fi

find "$OUT" -maxdepth 1 -type f \( -name '*.jpg' -o -name '*.png' -o -name '*.mp4' \) -delete
echo "Writing media to $OUT"

# --- Profile pictures (256x256) --------------------------------------------------------------
avatar ava-martinez.jpg 256 0xf093fb 0xf5576c AM
avatar bluebird-cafe.jpg 256 0x4facfe 0x00c6fb BC
avatar green-earth-fund.jpg 256 0x43e97b 0x1e9e6a GE
avatar tip-only-jo.jpg 256 0xfda085 0xf6d365 JN
avatar marcus-oconnell.jpg 256 0x667eea 0x764ba2 MO
avatar priya-natarajan.jpg 256 0xff758c 0xff7eb3 PN
avatar jonathan-reyes.jpg 256 0x30cfd0 0x330867 JR
avatar isabella-chen.jpg 256 0xa18cd1 0xfbc2eb IC
avatar theodore-brooks.jpg 256 0x5ee7df 0x3a7bd5 TB
avatar nadia-okafor.jpg 256 0x0ba360 0x3cba92 NO
avatar elliot-fairbanks.jpg 256 0xf77062 0xfe5196 EF

# --- People who gave thanks (128x128) -----------------------------------------------------------
avatar giver-jordan-blake.jpg 128 0x2af598 0x009efd JB
avatar giver-mia-thompson.jpg 128 0xfa709a 0xfee140 MT
avatar giver-liam-carter.jpg 128 0x6a11cb 0x2575fc LC
avatar giver-noah-patel.jpg 128 0xf83600 0xf9d423 NP
avatar giver-emma-wilson.jpg 128 0x13547a 0x80d0c7 EW
avatar giver-grace-kim.jpg 128 0xb224ef 0x7579ff GK
avatar giver-hannah-schultz.jpg 128 0xff0844 0xffb199 HS

# --- Ava's feed photos (640x480) --------------------------------------------------------------
SKY_DAY='90 170 235'; SKY_LOW='200 230 250'; SUN='255 236 150'
SKY_DUSK='70 60 140'; SKY_GLOW='250 150 110'; SUN_DUSK='255 210 120'
latte ava-feed-01.jpg 640x480 heart 150 105 70 -40 0 'Heart pour'
latte ava-feed-02.jpg 640x480 tulip 200 160 120 30 10 'Tulip for table four'
confetti ava-feed-03.png 640x480 1 36 '255 236 210' '250 210 225' 'BEST LATTE'
card ava-feed-04.jpg 640x480 0xff9a9e 0xa18cd1 'THANK YOU AVA' 'from the Riverside office team'
latte ava-feed-05.jpg 640x480 rings 90 120 140 0 -10 'Our first try'
latte ava-feed-06.jpg 640x480 heart 120 80 60 60 5 'Second try'
fractal ava-feed-07.jpg 640x480 -0.743643887037151 0.13182590420533 0.005 0 'Milk foam up close?' 9
hills ava-feed-08.jpg 640x480 "$SKY_DAY" "$SKY_LOW" "$SUN" '120 190 110' '60 140 70' 0.75 0.28 0.5 'Team outing'
latte ava-feed-09.jpg 640x480 rings 170 130 95 -50 -5 'Saturday rush'
confetti ava-feed-10.png 640x480 7 40 '230 245 255' '255 230 240' 'ONE YEAR'
hills ava-feed-11.jpg 640x480 "$SKY_DUSK" "$SKY_GLOW" "$SUN_DUSK" '150 90 120' '70 50 90' 0.3 0.5 2 'Anniversary sunset'

# --- Ava's other gallery pictures (320x320; with her 11 feed photos and 3 videos: 47 items) ---------------------------------------------------
bgs=('150 105 70' '90 120 140' '200 160 120' '120 80 60' '170 130 95' '110 140 110' '160 90 90')
patterns=(heart rings tulip)
skies=("$SKY_DAY|$SKY_LOW|$SUN" "$SKY_DUSK|$SKY_GLOW|$SUN_DUSK" '40 50 110|120 140 200|250 250 220')
lands=('120 190 110|60 140 70' '150 90 120|70 50 90' '90 130 170|40 70 110' '200 170 90|130 110 60')
fractals=('-0.7453 0.1127 0.006' '-0.16 1.0405 0.02' '-1.25066 0.02012 0.0017' '0.285 0.01 0.03'
  '-0.748 0.1 0.0035' '-1.768778833 -0.001738996 0.0008' '-0.10109636 0.95628651 0.004')
for i in $(seq 1 33); do
  n=$(printf '%02d' "$i")
  case $((i % 5)) in
    1) IFS=' ' read -r r g b <<<"${bgs[$((i % 7))]}"
       latte "ava-gallery-$n.jpg" 320x320 "${patterns[$((i % 3))]}" "$r" "$g" "$b" $(((i * 37) % 60 - 30)) $(((i * 23) % 40 - 20)) '' 3 ;;
    2) IFS='|' read -r top low sun <<<"${skies[$((i % 3))]}"
       IFS='|' read -r far near <<<"${lands[$((i % 4))]}"
       hills "ava-gallery-$n.jpg" 320x320 "$top" "$low" "$sun" "$far" "$near" \
         "0.$(((i * 7) % 8 + 1))" "0.$(((i * 3) % 3 + 2))" "$i" '' 3 ;;
    3) read -r fx fy fs <<<"${fractals[$((i % 7))]}"
       fractal "ava-gallery-$n.jpg" 320x320 "$fx" "$fy" "$fs" $(((i * 47) % 360)) '' 5 ;;
    4) confetti "ava-gallery-$n.png" 320x320 "$i" $((18 + i % 4 * 4)) '255 245 230' '230 235 255' '' ;;
    0) words=('CHEERS' 'THANKS' 'YAY' 'BRAVO' 'KUDOS' 'WOW' 'HOORAY')
       froms=(0x43cea2 0xf7797d 0x4776e6 0xee9ca7 0x00b09b 0xfc5c7d 0x6a82fb)
       tos=(0x185a9d 0xfbd786 0x8e54e9 0xffdde1 0x96c93d 0x6a82fb 0xfc5c7d)
       j=$((i / 5 - 1))
       card "ava-gallery-$n.jpg" 320x320 "${froms[$j]}" "${tos[$j]}" "${words[$j]}" '' 3 ;;
  esac
done

# --- Ava's videos (320x240) -------------------------------------------------------------------
# A heart being poured: the pattern grows over 3 seconds, then holds.
video_from_graph ava-video-latte.mp4 5 \
  "color=c=black:s=320x240:r=24,geq=$(latte_expr heart 150 105 70 0 0 0.5 'max(0.05,min(1,T/3))'),$(caption 'Latte art throwdown' 0.5)"
# A zoom into the Mandelbrot set (end_pts counts frames: 96 = 4 s at 24 fps). Busy, so a higher CRF.
video_from_graph ava-video-zoom.mp4 4 \
  "mandelbrot=s=320x240:r=24:start_x=-0.743643887037151:start_y=0.13182590420533:start_scale=1.5:end_scale=0.004:end_pts=96:maxiter=1024:outer=normalized_iteration_count,hue=h=200:s=0.85" 33
# A sunrise over the hills.
video_from_graph ava-video-sunrise.mp4 5 \
  "color=c=black:s=320x240:r=24,geq=$(hills_expr "$SKY_DUSK" "$SKY_GLOW" "$SUN_DUSK" '150 90 120' '70 50 90' 0.6 '(0.75-T*0.09)' 2),$(caption 'Sunrise at the park' 0.5)"

# Their posters.
posters

# --- Bluebird Café ----------------------------------------------------------------------------
latte bluebird-feed-01.jpg 640x480 tulip 110 140 110 -20 0 'Sunday corner'
hills bluebird-feed-02.jpg 640x480 "$SKY_DAY" "$SKY_LOW" "$SUN" '90 130 170' '40 70 110' 0.2 0.3 4 'Patio mornings'
card bluebird-feed-03.jpg 640x480 0x4facfe 0x00f2fe 'HAPPY 5TH' 'Bluebird Cafe turns five'
latte bluebird-gallery-01.jpg 320x320 heart 90 120 140 10 0 '' 3
confetti bluebird-gallery-02.png 320x320 42 24 '225 240 255' '240 250 255' ''

# --- Green Earth Fund -------------------------------------------------------------------------
hills green-earth-feed-01.jpg 640x480 "$SKY_DAY" "$SKY_LOW" "$SUN" '120 190 110' '40 120 60' 0.8 0.22 3 'River clean-up day'
hills green-earth-feed-02.jpg 640x480 '40 50 110' '120 140 200' '250 250 220' '90 160 100' '30 100 50' 0.15 0.25 5 'New saplings'
confetti green-earth-feed-03.png 640x480 11 40 '225 250 230' '240 255 220' '10000 TREES'
hills green-earth-gallery-01.jpg 320x320 "$SKY_DAY" "$SKY_LOW" "$SUN" '140 200 120' '50 130 60' 0.5 0.25 6 '' 3

# --- Checks -----------------------------------------------------------------------------------
status=0
for f in "$OUT"/*.mp4; do
  codec=$(ffprobe -v error -select_streams v:0 -show_entries stream=codec_name,profile,pix_fmt,width,height \
    -show_entries format=duration -of csv=p=0 "$f" | tr '\n' ' ')
  echo "$(basename "$f"): $codec"
  [[ $codec == h264,* ]] || { echo "  not H.264" >&2; status=1; }
  (($(stat -c %s "$f") < 307200)) || { echo "  over 300 KB" >&2; status=1; }
done
for f in "$OUT"/*-feed-*; do
  bytes=$(stat -c %s "$f")
  if ((bytes < 25600 || bytes > 122880)); then
    echo "feed photo $(basename "$f") is $bytes bytes (want 25 KB to 120 KB)" >&2
    status=1
  fi
done
total=$(cat "$OUT"/* | wc -c)
echo "$(find "$OUT" -maxdepth 1 -type f | wc -l) files, $total bytes"
((total < 4194304)) || { echo "media folder over 4 MB" >&2; status=1; }
exit $status
