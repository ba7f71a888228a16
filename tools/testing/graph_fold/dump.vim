" SPDX-License-Identifier: GPL-2.0
" Sourced by check.py after the fold script, in "vim -es" on one sample:
" writes to $FOLD_OUT one "level LNUM LEVEL" line per line of the
" buffer and one "fold START END" line per fold vim made (every level
" opened in turn, the folds closed at that level collected).
let s:out = []
for s:l in range(1, line('$'))
	call add(s:out, printf('level %d %d', s:l, foldlevel(s:l)))
endfor
let s:max = 0
for s:l in range(1, line('$'))
	let s:max = max([s:max, foldlevel(s:l)])
endfor
let s:seen = {}
for s:lvl in range(0, s:max - 1)
	let &l:foldlevel = s:lvl
	let s:l = 1
	while s:l <= line('$')
		let s:start = foldclosed(s:l)
		if s:start == s:l
			let s:key = printf('fold %d %d', s:start, foldclosedend(s:l))
			if !has_key(s:seen, s:key)
				let s:seen[s:key] = 1
				call add(s:out, s:key)
			endif
			let s:l = foldclosedend(s:l) + 1
		else
			let s:l += 1
		endif
	endwhile
endfor
call writefile(s:out, $FOLD_OUT)
