" SPDX-License-Identifier: GPL-2.0
"
" Vim folding for the output of the function_graph tracer: every call
" that opened a block ("func() {") becomes a fold that ends with its
" closing "}" line, so a call and everything it called collapse into one
" line that shows the call's duration:
"
"    0)   5.678 us    |  vfs_read() { ... }                     [57 lines]
"
" Fold the trace of one CPU, where the calls nest as they ran:
"
"   cat /sys/kernel/tracing/per_cpu/cpu0/trace > cpu0.txt
"   vim -S Documentation/trace/function-graph-fold.vim cpu0.txt
"
" The merged "trace" file interleaves the CPUs, and a "}" there may close
" another CPU's call; with funcgraph-cpu set, "grep '^ 1) '" takes out
" one CPU's lines first. Then zc / zo close and open one call, zC / zO a
" call and all inside it, zM / zR every call, zj / zk move to the next
" and previous call; "set foldlevel=N" shows the calls N deep and folds
" everything below them.
"
" The level of a line is its depth in the call tree, read from the
" indentation of the tree column (two spaces a level): a "{" line at
" depth D starts a fold of level D + 1, the "}" line at the same depth
" ends it, a leaf or a comment at depth D lies inside D folds. Lines
" outside the tree (headers, task switch separators, interrupt arrows)
" keep the level of the line before them. Vim nests folds at most 20
" deep ('foldnestmax'): calls deeper than that are part of the fold of
" their ancestor at depth 19.

" The tree column of a trace line: the text after the last "|  " column
" separator, or after the CPU column when the duration column is off.
" Empty for lines that are not part of the tree.
function! FgraphTree(line)
	if a:line =~# '^#' || a:line =~# '^\s*$'
		return ''
	endif
	let l:at = strridx(a:line, '|  ')
	if l:at >= 0
		return strpart(a:line, l:at + 3)
	endif
	return matchstr(a:line, '^\s*\d\+)\s\zs.*$')
endfunction

function! FgraphFoldLevel(lnum)
	let l:tree = FgraphTree(getline(a:lnum))
	let l:call = matchlist(l:tree, '^\(\s*\)\(\S.*\)$')
	if empty(l:call)
		return '='
	endif
	let l:depth = strlen(l:call[1]) / 2
	" calls deeper than vim nests folds stay inside their ancestor's
	if l:depth >= &foldnestmax
		return &foldnestmax
	endif
	if l:call[2] =~# '{\s*$'
		return '>' . (l:depth + 1)
	endif
	if l:call[2] =~# '^}'
		return '<' . (l:depth + 1)
	endif
	if l:call[2] =~# '^\(/\*.*\*/\|[^ (]\+();\)'
		return l:depth
	endif
	return '='
endfunction

" A closed call: the columns of its "}" line (the duration), the tree of
" its "{" line, and how many lines it hides.
function! FgraphFoldText()
	let l:open = getline(v:foldstart)
	let l:close = getline(v:foldend)
	let l:tree = FgraphTree(l:open)
	let l:cols = strpart(l:close, 0, strlen(l:close) - strlen(FgraphTree(l:close)))
	let l:text = l:cols . substitute(l:tree, '{\s*$', '{ ... }', '')
	return printf('%-72s [%d lines]', l:text, v:foldend - v:foldstart + 1)
endfunction

setlocal foldmethod=expr
setlocal foldexpr=FgraphFoldLevel(v:lnum)
setlocal foldtext=FgraphFoldText()
setlocal foldminlines=0
setlocal fillchars=fold:\ 
