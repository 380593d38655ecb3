# compare
