# The shell: the menu bar's menus, counts said the same way everywhere.

menu-file = File
menu-edit = Edit
menu-entry = Entry
menu-view = View
menu-help = Help
menu-language = Language
menu-open-recent = Open Recent
menu-undo-what = Undo { $what }
menu-redo-what = Redo { $what }
menu-external-program = External Program
menu-external-program-label = Edit in External Program opens files with:
menu-external-program-hint = the desktop's default program
menu-external-program-tip = A program name or path (gimp, krita, code); blank for the default program for PNG or text files

files-count = { $n ->
    [one] { $n } file
   *[other] { $n } files
}
