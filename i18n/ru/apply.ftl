# apply
