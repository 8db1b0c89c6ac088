b x1;
 	\
b
c9		x2;
  		c\
9
Xa$\
x3;
   X\
a$
Yb0Z\ 
x4;
    	Yb\
0Z
Zc9_X(x5;
     		Zc\
9_X
_Xa$YbÃ©xx6;
      _Xa\
$Yb
$Yb0Zc9$x7;
       	$Yb\
0Zc9
qZc9_Xa$/* c */x8;
        		qZc9\
_Xa$
q_Xa$Yb0Z
x9;
         q_Xa\
$Yb0Z
a$Yb0Zc9_Xx10;
          	a$Yb0\
Zc9_X
b0Zc9_Xa$Yb x11;
           		b0Zc9\
_Xa$Yb
c9_Xa$Yb0Zc9		x12;
            c9_Xa$\
Yb0Zc9
Xa$Yb0Zc9_Xa$\
x13;
             	Xa$Yb0\
Zc9_Xa$
Yb0Zc9_Xa$Yb0Z\ 
x14;
              		Yb0Zc9_\
Xa$Yb0Z
Zc9_Xa$Yb0Zc9_X(x15;
               Zc9_Xa$\
Yb0Zc9_X
_Xa$Yb0Zc9_Xa$YbÃ©xx16;
                	_Xa$Yb0Z\
c9_Xa$Yb
$Yb0Zc9_Xa$Yb0Zc9$x17;
		$Yb0Zc9_\
Xa$Yb0Zc9
qZc9_Xa$Yb0Zc9_Xa$/* c */x18;
 qZc9_Xa$Y\
b0Zc9_Xa$
q_Xa$Yb0Zc9_Xa$Yb0Z
x19;
  	q_Xa$Yb0Z\
c9_Xa$Yb0Z
a$Yb0Zc9_Xa$Yb0Zc9_Xx20;
   		a$Yb0Zc9_X\
a$Yb0Zc9_X
b0Zc9_Xa$Yb0Zc9_Xa$Yb x21;
    b0Zc9_Xa$Y\
b0Zc9_Xa$Yb
c9_Xa$Yb0Zc9_Xa$Yb0Zc9		x22;
     	c9_Xa$Yb0Zc\
9_Xa$Yb0Zc9
Xa$Yb0Zc9_Xa$Yb0Zc9_Xa$\
x23;
      		Xa$Yb0Zc9_X\
a$Yb0Zc9_Xa$
Yb0Zc9_Xa$Yb0Zc9_Xa$Yb0Z\ 
x24;
       Yb0Zc9_Xa$Yb\
0Zc9_Xa$Yb0Z
Zc9_Xa$Yb0Zc9_Xa$Yb0Zc9_X(x25;
        	Zc9_Xa$Yb0Zc\
9_Xa$Yb0Zc9_X
_Xa$Yb0Zc9_Xa$Yb0Zc9_Xa$YbÃ©xx26;
         		_Xa$Yb0Zc9_Xa\
$Yb0Zc9_Xa$Yb
$Yb0Zc9_Xa$Yb0Zc9_Xa$Yb0Zc9$x27;
          $Yb0Zc9_Xa$Yb\
0Zc9_Xa$Yb0Zc9
qZc9_Xa$Yb0Zc9_Xa$Yb0Zc9_Xa$/* c */x28;
           	qZc9_Xa$Yb0Zc9\
_Xa$Yb0Zc9_Xa$
q_Xa$Yb0Zc9_Xa$Yb0Zc9_Xa$Yb0Z
x29;
            		q_Xa$Yb0Zc9_Xa\
$Yb0Zc9_Xa$Yb0Z
a$Yb0Zc9_Xa$Yb0Zc9_Xa$Yb0Zc9_Xx30;
             a$Yb0Zc9_Xa$Yb0\
Zc9_Xa$Yb0Zc9_X
b0Zc9_Xa$Yb0Zc9_Xa$Yb0Zc9_Xa$Yb x31;
              	b0Zc9_Xa$Yb0Zc9\
_Xa$Yb0Zc9_Xa$Yb
c9_Xa$Yb0Zc9_Xa$Yb0Zc9_Xa$Yb0Zc9		x32;
               		c9_Xa$Yb0Zc9_Xa$\
Yb0Zc9_Xa$Yb0Zc9
Xa$Yb0Zc9_Xa$Yb0Zc9_Xa$Yb0Zc9_Xa$\
x33;
                Xa$Yb0Zc9_Xa$Yb0\
Zc9_Xa$Yb0Zc9_Xa$
Yb0Zc9_Xa$Yb0Zc9_Xa$Yb0Zc9_Xa$Yb0Z\ 
x34;
	Yb0Zc9_Xa$Yb0Zc9_\
Xa$Yb0Zc9_Xa$Yb0Z
Zc9_Xa$Yb0Zc9_Xa$Yb0Zc9_Xa$Yb0Zc9_X(x35;
 		Zc9_Xa$Yb0Zc9_Xa$\
Yb0Zc9_Xa$Yb0Zc9_X
_Xa$Yb0Zc9_Xa$Yb0Zc9_Xa$Yb0Zc9_Xa$YbÃ©xx36;
  _Xa$Yb0Zc9_Xa$Yb0Z\
c9_Xa$Yb0Zc9_Xa$Yb
$Yb0Zc9_Xa$Yb0Zc9_Xa$Yb0Zc9_Xa$Yb0Zc9$x37;
   	$Yb0Zc9_Xa$Yb0Zc9_\
Xa$Yb0Zc9_Xa$Yb0Zc9
qZc9_Xa$Yb0Zc9_Xa$Yb0Zc9_Xa$Yb0Zc9_Xa$/* c */x38;
    		qZc9_Xa$Yb0Zc9_Xa$Y\
b0Zc9_Xa$Yb0Zc9_Xa$
q_Xa$Yb0Zc9_Xa$Yb0Zc9_Xa$Yb0Zc9_Xa$Yb0Z
x39;
     q_Xa$Yb0Zc9_Xa$Yb0Z\
c9_Xa$Yb0Zc9_Xa$Yb0Z
a$Yb0Zc9_Xa$Yb0Zc9_Xa$Yb0Zc9_Xa$Yb0Zc9_Xx40;
      	a$Yb0Zc9_Xa$Yb0Zc9_X\
a$Yb0Zc9_Xa$Yb0Zc9_X
/*
 *
 *\
/  **/ z0
a /* *\ 
/ b0
/** 
 *x
 *\
/ y **/ z1
a /* -*\ 
/ b1
/***  
 *xx
 *\
/ yy **/ z2
a /* --*\ 
/ b2
/****   
 *xxx
 *\
/ yyy **/ z3
a /* ---*\ 
/ b3
/*****    
 *xxxx
 *\
/ yyyy **/ z4
a /* ----*\ 
/ b4
/*     
 *xxxxx
 *\
/ yyyyy **/ z5
a /* -----*\ 
/ b5
/**      
 *xxxxxx
 *\
/ yyyyyy **/ z6
a /* ------*\ 
/ b6
/***       
 *xxxxxxx
 *\
/ yyyyyyy **/ z7
a /* -------*\ 
/ b7
/****        
 *xxxxxxxx
 *\
/ yyyyyyyy **/ z8
a /* --------*\ 
/ b8
/*****         
 *xxxxxxxxx
 *\
/ yyyyyyyyy **/ z9
a /* ---------*\ 
/ b9
/*          
 *xxxxxxxxxx
 *\
/ yyyyyyyyyy **/ z10
a /* ----------*\ 
/ b10
/**           
 *xxxxxxxxxxx
 *\
/ yyyyyyyyyyy **/ z11
a /* -----------*\ 
/ b11
/***            
 *xxxxxxxxxxxx
 *\
/ yyyyyyyyyyyy **/ z12
a /* ------------*\ 
/ b12
/****             
 *xxxxxxxxxxxxx
 *\
/ yyyyyyyyyyyyy **/ z13
a /* -------------*\ 
/ b13
/*****              
 *xxxxxxxxxxxxxx
 *\
/ yyyyyyyyyyyyyy **/ z14
a /* --------------*\ 
/ b14
/*               
 *xxxxxxxxxxxxxxx
 *\
/ yyyyyyyyyyyyyyy **/ z15
a /* ---------------*\ 
/ b15
/**                
 *xxxxxxxxxxxxxxxx
 *\
/  **/ z16
a /* ----------------*\ 
/ b16
/***                 
 *xxxxxxxxxxxxxxxxx
 *\
/ y **/ z17
a /* -----------------*\ 
/ b17
/****                  
 *xxxxxxxxxxxxxxxxxx
 *\
/ yy **/ z18
a /* ------------------*\ 
/ b18
/*****                   
 *xxxxxxxxxxxxxxxxxxx
 *\
/ yyy **/ z19
a /* -------------------*\ 
/ b19
/*                    
 *xxxxxxxxxxxxxxxxxxxx
 *\
/ yyyy **/ z20
a /* --------------------*\ 
/ b20
/**                     
 *xxxxxxxxxxxxxxxxxxxxx
 *\
/ yyyyy **/ z21
a /* ---------------------*\ 
/ b21
/***                      
 *xxxxxxxxxxxxxxxxxxxxxx
 *\
/ yyyyyy **/ z22
a /* ----------------------*\ 
/ b22
/****                       
 *xxxxxxxxxxxxxxxxxxxxxxx
 *\
/ yyyyyyy **/ z23
a /* -----------------------*\ 
/ b23
/*****                        
 *xxxxxxxxxxxxxxxxxxxxxxxx
 *\
/ yyyyyyyy **/ z24
a /* ------------------------*\ 
/ b24
/*                         
 *xxxxxxxxxxxxxxxxxxxxxxxxx
 *\
/ yyyyyyyyy **/ z25
a /* -------------------------*\ 
/ b25
/**                          
 *xxxxxxxxxxxxxxxxxxxxxxxxxx
 *\
/ yyyyyyyyyy **/ z26
a /* --------------------------*\ 
/ b26
/***                           
 *xxxxxxxxxxxxxxxxxxxxxxxxxxx
 *\
/ yyyyyyyyyyy **/ z27
a /* ---------------------------*\ 
/ b27
/****                            
 *xxxxxxxxxxxxxxxxxxxxxxxxxxxx
 *\
/ yyyyyyyyyyyy **/ z28
a /* ----------------------------*\ 
/ b28
/*****                             
 *xxxxxxxxxxxxxxxxxxxxxxxxxxxxx
 *\
/ yyyyyyyyyyyyy **/ z29
a /* -----------------------------*\ 
/ b29
/*                              
 *xxxxxxxxxxxxxxxxxxxxxxxxxxxxxx
 *\
/ yyyyyyyyyyyyyy **/ z30
a /* ------------------------------*\ 
/ b30
/**                               
 *xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx
 *\
/ yyyyyyyyyyyyyyy **/ z31
a /* -------------------------------*\ 
/ b31
/***                                
 *xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx
 *\
/  **/ z32
a /* --------------------------------*\ 
/ b32
/****                                 
 *xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx
 *\
/ y **/ z33
a /* ---------------------------------*\ 
/ b33
/*
x
*
*/ w0
/*
xy
 *
*/ w1
/*
xyy
  *
*/ w2
/*
xyyy
   *
*/ w3
/*
xyyyy
    *
*/ w4
/*
xyyyyy
     *
*/ w5
/*
xyyyyyy
      *
*/ w6
/*
xyyyyyyy
       *
*/ w7
/*
xyyyyyyyy
        *
*/ w8
/*
xyyyyyyyyy
         *
*/ w9
/*
xyyyyyyyyyy
          *
*/ w10
/*
xyyyyyyyyyyy
           *
*/ w11
/*
xyyyyyyyyyyyy
            *
*/ w12
/*
xyyyyyyyyyyyyy
             *
*/ w13
/*
xyyyyyyyyyyyyyy
              *
*/ w14
/*
xyyyyyyyyyyyyyyy
               *
*/ w15
/*
xyyyyyyyyyyyyyyyy
                *
*/ w16
/*
xyyyyyyyyyyyyyyyyy
                 *
*/ w17
/*
xyyyyyyyyyyyyyyyyyy
                  *
*/ w18
/*
xyyyyyyyyyyyyyyyyyyy
                   *
*/ w19
/* never closed ********************
